import { FIXTURE_SITE, HOST, PORTS } from "./suite-config";

/**
 * The local suite's "public web site" (scripts/web-fixture), which the link tester reaches as
 * FIXTURE_SITE: `/offer` works, `/expired` is 404, `/blocked` 403, `/unavailable` 503, and each
 * `/bank/{name}` answers what a test sets here.
 */
const control = `http://${HOST}:${String(PORTS.webFixture)}`;

export const fixturePage = (path: string) => `${FIXTURE_SITE}${path}`;

/** `/bank/{name}` answers `status` from now on (a referral expires, or is fixed). */
export async function setBankPage(name: string, status: number): Promise<void> {
  const res = await fetch(`${control}/__status/${name}`, { method: "PUT", body: String(status) });
  if (res.status !== 204) throw new Error(`fixture site: ${String(res.status)}`);
}

export async function resetBankPages(): Promise<void> {
  await fetch(`${control}/__status`, { method: "DELETE" });
}

/**
 * A bank's terms page on the fixture site (`/terms/{name}`), under one of its host names: `host`
 * picks `host{n}.fixture.referral-hub.test`, a bank of its own (paced apart from the others).
 */
export function termsPageUrl(name: string, host?: number): string {
  const site = new URL(FIXTURE_SITE);
  if (host !== undefined) site.hostname = `host${String(host)}.${site.hostname}`;
  return `${site.origin}/terms/${name}`;
}

/** `/terms/{name}` answers this HTML from now on. */
export async function setTermsPage(name: string, html: string): Promise<void> {
  const res = await fetch(`${control}/__terms/${name}`, { method: "PUT", body: html });
  if (res.status !== 204) throw new Error(`fixture site: ${String(res.status)}`);
}

/** `/terms/{name}` answers 404 from now on (the bank took the page down). */
export async function removeTermsPage(name: string): Promise<void> {
  await fetch(`${control}/__terms/${name}`, { method: "DELETE" });
}

export async function resetTermsPages(): Promise<void> {
  await fetch(`${control}/__terms`, { method: "DELETE" });
}

/** A terms page as banks write them: navigation and a footer around the terms, whose bonus is `bonus` points. */
export function termsHtml(bonus: string, extra = ""): string {
  return `<!doctype html><html lang="en"><head><title>Referral terms</title><style>p{margin:0}</style></head><body>
<nav><a href="/">Home</a> <a href="/cards">Cards</a></nav>
<main><h1>Refer a friend</h1>
<p>Earn ${bonus} bonus points for each friend who is approved for the card through your referral link.</p>
<p>You can earn up to 5 referrals per calendar year. Your friend must spend $4,000 on purchases in the first 3 months.</p>
<p>Points are credited within 8 weeks after the friend's qualifying spend. Offer terms may change at any time.${extra}</p>
</main><footer>© 2026 Example Bank. Member FDIC.</footer></body></html>`;
}

/** A webhook the fixture site received (newest first in receivedWebhooks). */
/** One webhook the fixture site received (scripts/web-fixture/webhooks.ts keeps them). */
export interface ReceivedWebhook {
  name: string;
  host: string;
  receivedAt: string;
  headers: Record<string, string>;
  /** The raw text received. */
  body: string;
  /** What the fixture answered. */
  answered: number;
}

export async function receivedWebhooks(name?: string): Promise<ReceivedWebhook[]> {
  const all = (await (await fetch(`${control}/__webhooks`)).json()) as ReceivedWebhook[];
  return name === undefined ? all : all.filter((w) => w.name === name);
}

export async function resetWebhooks(): Promise<void> {
  await fetch(`${control}/__webhooks`, { method: "DELETE" });
}

/** The next deliveries to `name` are answered with these statuses, in order (then 204). */
export async function answerWebhooksWith(name: string, statuses: number[]): Promise<void> {
  const res = await fetch(`${control}/__webhook-answers/${name}`, { method: "PUT", body: JSON.stringify(statuses) });
  if (res.status !== 204) throw new Error(`fixture site: ${String(res.status)}`);
}

/** The address under which the hub reaches the fixture's receiver as `host` (discord.com, hooks.slack.com, or a fixture name). */
export const webhookUrl = (host: string, name: string) => `http://${host}:${String(PORTS.webFixture)}/__webhooks/${name}`;
