import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { ALERT_EVENTS, WEBHOOK_URL_RULE, type AlertSettings } from "@hub/contract/alerts";
import { addDays, utcDay } from "@hub/contract/dates";
import { ADMIN, createProgramAs, signInActors, submitOwnLink } from "../../../testing/actors";
import { resetEmulators } from "../../../testing/emulators";
import {
  answerWebhooksWith,
  fixturePage,
  receivedWebhooks,
  removeTermsPage,
  resetBankPages,
  resetTermsPages,
  resetWebhooks,
  setBankPage,
  setTermsPage,
  termsHtml,
  termsPageUrl,
  webhookUrl,
  type ReceivedWebhook,
} from "../../../testing/fixture-site";
import { alertProgramsStandingOut } from "../../src/analytics/stands-out-alerts.service";
import { noReasons, type ReasonCounts } from "../../src/visits/traffic-counts";
import { addTrafficTallies } from "../../src/visits/traffic-tallies.store";
import { db } from "../../src/platform/db";
import { call, callRoute } from "../../../testing/http";
import { mailsTo } from "../../../testing/inbox";
import { productionLikeDeps, serveInProcess } from "../../../testing/in-process-app";
import { runJob } from "../../../testing/jobs";
import { sleep } from "../../../testing/rotation";
import { suite } from "../../../testing/suite-env";
import { PORTS } from "../../../testing/suite-config";

/**
 * The alerts channel (the contract's *Terms watch and alerts*, *Alerts channel*, *Delivery*): its
 * settings, where a webhook may go, and each delivery in the receiving service's format, once, retried
 * on the answers that say "later". The fixture site stands in for Discord, Slack and any other
 * receiver (their names resolve to it in the local suite only) and keeps what it receives.
 */

let admin: string;
let alice: string;

beforeEach(async () => {
  await resetEmulators();
  await Promise.all([resetWebhooks(), resetTermsPages(), resetBankPages()]);
  ({ admin, alice } = await signInActors());
});
afterAll(() => Promise.all([resetWebhooks(), resetTermsPages(), resetBankPages()]));

const DISCORD = webhookUrl("discord.com", "discord-hook");
const SLACK = webhookUrl("hooks.slack.com", "slack-hook");
const GENERIC = webhookUrl("host3.fixture.referral-hub.test", "generic-hook");

const setAlerts = async (body: Record<string, unknown>) => {
  const res = await callRoute("updateAlerts", { idToken: admin, body: body as never });
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const getAlerts = async (): Promise<AlertSettings> => (await callRoute("getAlerts", { idToken: admin })).body;
const sendTest = () => callRoute("sendTestAlert", { idToken: admin });

/** The webhooks `name` received, once `count` have come (or the time is up: the test then sees fewer). */
async function webhooksOf(name: string, count: number, timeoutMs = 15_000): Promise<ReceivedWebhook[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const got = await receivedWebhooks(name);
    if (got.length >= count || Date.now() > deadline) return got.reverse();
    await sleep(200);
  }
}

/** A member-proposed name as an attacker writes it: formatting, a mention, a link, markup. */
const HOSTILE_NAME = "Gold_*card* @everyone [x](https://evil.example/login) <b>";

/** A moment for a delivery that must not come: the queue runs a task within a second here. */
const QUIET_MS = 3_000;

describe("the alerts channel's settings", () => {
  it("is off until set; shows its address as a host and a masked path; the signing secret only when made", async () => {
    expect(await getAlerts()).toEqual({ webhookUrl: null, events: [...ALERT_EVENTS], lastDelivery: null });

    const set = await setAlerts({ webhookUrl: GENERIC });
    expect(set.webhookUrl).toBe(`http://host3.fixture.referral-hub.test:${String(PORTS.webFixture)}/••••hook`);
    expect(set.signingSecret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    const shown = await getAlerts();
    expect(shown.signingSecret).toBeUndefined();
    expect(JSON.stringify(shown)).not.toContain("generic-hook");

    // an omitted field keeps its value, and no new secret
    const events = await setAlerts({ events: ["terms-changed", "link-failing"] });
    expect(events).toMatchObject({ webhookUrl: set.webhookUrl, events: ["terms-changed", "link-failing"] });
    expect(events.signingSecret).toBeUndefined();
    const rotated = await setAlerts({ rotateSecret: true });
    expect(rotated.signingSecret).toMatch(/^whsec_/);
    expect(rotated.signingSecret).not.toBe(set.signingSecret);

    expect(await setAlerts({ webhookUrl: null })).toMatchObject({ webhookUrl: null });
    const off = await sendTest();
    expect(off.status).toBe(400);
    expect(off.body).toMatchObject({ code: "BAD_REQUEST", message: "Set a webhook address first" });
  });

  it("writes each change to the activity log by the address's host only, and nothing for a change that changes nothing", async () => {
    const { signingSecret } = await setAlerts({ webhookUrl: GENERIC });
    await setAlerts({ events: ["terms-changed"] });
    await setAlerts({ events: ["terms-changed"] });
    await setAlerts({ webhookUrl: GENERIC });
    await setAlerts({ rotateSecret: true });
    await setAlerts({ webhookUrl: null });
    expect((await callRoute("updateAlerts", { idToken: admin, body: { webhookUrl: "https://localhost./hook" } })).status).toBe(400);
    const entries = (await db().collection("audit_log").where("action", "==", "alerts.change").get()).docs
      .map((d) => d.data())
      .sort((a, b) => (a.at as Timestamp).toMillis() - (b.at as Timestamp).toMillis());
    expect(entries.map((e) => e.details)).toEqual([
      { webhookHost: "host3.fixture.referral-hub.test", signingSecret: "new" },
      { events: ["terms-changed"] },
      { signingSecret: "new" },
      { webhookHost: null },
    ]);
    expect(entries[0]).toMatchObject({
      actor: { uid: expect.any(String), role: "admin", email: ADMIN.email },
      target: { kind: "settings", id: "alerts", label: "Alerts channel" },
      reason: null,
      ownItem: false,
    });
    const stored = JSON.stringify(entries);
    expect(stored).not.toContain("generic-hook");
    expect(stored).not.toContain(signingSecret);
  });

  it("refuses plain http and private addresses, and an unknown event, changing nothing", async () => {
    await setAlerts({ webhookUrl: DISCORD });
    for (const bad of [
      "http://hooks.example.com/x",
      "https://10.0.0.7/hook",
      "https://127.0.0.1/hook",
      "https://[::1]/hook",
      "https://localhost/hook",
    ]) {
      const res = await callRoute("updateAlerts", { idToken: admin, body: { webhookUrl: bad } });
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ code: "VALIDATION", message: WEBHOOK_URL_RULE });
    }
    const event = await callRoute("updateAlerts", { idToken: admin, body: { events: ["everything"] } as never });
    expect(event.status).toBe(400);
    expect((await getAlerts()).webhookUrl).toBe(`http://discord.com:${String(PORTS.webFixture)}/••••hook`);
    expect((await callRoute("updateAlerts", { idToken: alice, body: { webhookUrl: null } })).status).toBe(403);
  });

  it("outside the local suite, refuses even the stand-ins' plain http: only https to a public host", async () => {
    const app = await serveInProcess(productionLikeDeps(suite.stripeUrl));
    try {
      const put = (webhookUrl: string) => call("PUT", "/api/admin/alerts", { baseUrl: app.url, idToken: admin, body: { webhookUrl } });
      expect((await put(DISCORD)).status).toBe(400);
      expect((await put(GENERIC)).status).toBe(400);
      expect((await put("https://192.168.1.10/hook")).status).toBe(400);
      expect((await put("https://discord.com/api/webhooks/123/abc")).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe("a delivery", () => {
  it("goes to Discord with outside text escaped: a program's name is words, mentioning nobody", async () => {
    await setAlerts({ webhookUrl: DISCORD, events: ["program-shared"] });
    const program = await createProgramAs(admin, HOSTILE_NAME);
    await call("POST", `/api/programs/${program.id}/toggle-shared`, { idToken: admin, body: { isSharedOnSite: true } });
    const [hook] = await webhooksOf("discord-hook", 1);
    const body = JSON.parse(hook!.body) as { content: string; allowed_mentions: unknown };
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(body.content).toMatch(
      /^Gold\\_\\\*card\\\* \\@everyone \\\[x\\\]\\\(https\\:\/\/evil\.example\/login\\\) \\<b\\> is now shared/,
    );
    expect(body.content.endsWith(`\n${suite.appUrl}/admin?tab=programs`)).toBe(true);
  });

  it("goes to Discord as content with no mentions, once", async () => {
    await setAlerts({ webhookUrl: DISCORD });
    expect((await sendTest()).status).toBe(202);
    const [hook, ...more] = await webhooksOf("discord-hook", 1);
    expect(hook).toBeDefined();
    const body = JSON.parse(hook!.body) as { content: string; allowed_mentions: unknown };
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(body.content).toContain("Test alert from the referral hub");
    expect(body.content.length).toBeLessThanOrEqual(2_000);
    expect(hook!.headers["x-hub-delivery"]).toMatch(/^test_/);
    expect(Number(hook!.headers["x-hub-timestamp"])).toBeGreaterThan(1_700_000_000);
    expect(hook!.headers["x-hub-signature-256"]).toBeUndefined();
    await sleep(QUIET_MS);
    expect(more.length + (await receivedWebhooks("discord-hook")).length - 1).toBe(0);
    expect((await getAlerts()).lastDelivery).toMatchObject({ event: "test", ok: true, status: 204 });
  });

  it("goes to Slack as text in which nothing from outside is live: the hub's link is the only one", async () => {
    await setAlerts({ webhookUrl: SLACK, events: ["program-shared"] });
    const program = await createProgramAs(admin, HOSTILE_NAME);
    await call("POST", `/api/programs/${program.id}/toggle-shared`, { idToken: admin, body: { isSharedOnSite: true } });
    const [hook] = await webhooksOf("slack-hook", 1);
    const { text, ...more } = JSON.parse(hook!.body) as { text: string };
    expect(more).toEqual({});
    const [words, link] = text.split(" <");
    expect(link).toBe(`${suite.appUrl}/admin?tab=programs|Open in the hub>`);
    // the name arrives as words: no link, mention, entity or formatting of it is live
    expect(words).toMatch(/^Gold\uFF3F\u2217card\u2217 \uFF20everyone \[x\]\(https\uA789\/\/evil\u2024example\/login\) \u2039b\u203A/);
    expect(words).not.toMatch(/https?:|www\.|[*_~`<>&@]|[a-z]\.[a-z]/);
  });

  it("goes anywhere else as { event, text, url, data }, with a signature that verifies", async () => {
    const { signingSecret } = await setAlerts({ webhookUrl: GENERIC });
    await sendTest();
    const [hook] = await webhooksOf("generic-hook", 1);
    expect(JSON.parse(hook!.body)).toMatchObject({
      event: "test",
      text: expect.stringContaining("Test alert"),
      url: `${suite.appUrl}/admin`,
      data: {},
    });
    const timestamp = hook!.headers["x-hub-timestamp"];
    const expected = createHmac("sha256", signingSecret!).update(`${timestamp}.${hook!.body}`).digest("hex");
    expect(hook!.headers["x-hub-signature-256"]).toBe(`sha256=${expected}`);
  });

  it("passes the receivers' verifier in docs/webhooks.md, as written there, which refuses a changed body or an old timestamp", async () => {
    const doc = readFileSync(resolve(__dirname, "../../../docs/webhooks.md"), "utf8");
    const source = /```js\n([\s\S]*?)```/.exec(doc)![1]!;
    const { isHubDelivery } = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as {
      isHubDelivery: (headers: Record<string, string>, rawBody: string, secret: string, nowSeconds?: number) => boolean;
    };
    const { signingSecret } = await setAlerts({ webhookUrl: GENERIC });
    await sendTest();
    const [hook] = await webhooksOf("generic-hook", 1);
    const sentAt = Number(hook!.headers["x-hub-timestamp"]);
    expect(isHubDelivery(hook!.headers, hook!.body, signingSecret!)).toBe(true);
    expect(isHubDelivery(hook!.headers, hook!.body.replace("Test", "Tost"), signingSecret!)).toBe(false);
    expect(isHubDelivery(hook!.headers, hook!.body, `${signingSecret!}x`)).toBe(false);
    expect(isHubDelivery(hook!.headers, hook!.body, signingSecret!, sentAt + 301)).toBe(false);
    expect(isHubDelivery(hook!.headers, hook!.body, signingSecret!, sentAt + 299)).toBe(true);
  });

  it("is tried again after a 5xx and after a 429's Retry-After, under the same delivery id, and given up on a redirect", async () => {
    await setAlerts({ webhookUrl: GENERIC });
    await answerWebhooksWith("generic-hook", [500, 429]);
    await sendTest();
    const tries = await webhooksOf("generic-hook", 3, 30_000);
    expect(tries.map((t) => t.answered)).toEqual([500, 429, 204]);
    expect(new Set(tries.map((t) => t.headers["x-hub-delivery"])).size).toBe(1);
    expect(tries.map((t) => t.body)).toEqual([tries[0]!.body, tries[0]!.body, tries[0]!.body]);
    await expect.poll(async () => (await getAlerts()).lastDelivery).toMatchObject({ ok: true, status: 204 });

    await resetWebhooks();
    await answerWebhooksWith("generic-hook", [302]);
    await sendTest();
    expect(await webhooksOf("generic-hook", 1)).toHaveLength(1);
    await sleep(QUIET_MS);
    expect(await receivedWebhooks("generic-hook")).toHaveLength(1);
    expect((await getAlerts()).lastDelivery).toMatchObject({ event: "test", ok: false, status: 302 });
  });
});

describe("the events", () => {
  it("tells of a terms change once, with its figures, and of nothing the channel does not take", async () => {
    await setAlerts({ webhookUrl: GENERIC, events: ["terms-changed"] });
    await setTermsPage("alerted", termsHtml("60,000"));
    const program = await createProgramAs(admin, "Alerted card", { termsUrl: termsPageUrl("alerted", 4) });
    await runJob(admin, "runTermsWatch");
    await setTermsPage("alerted", termsHtml("40,000"));
    await runJob(admin, "runTermsWatch");
    await runJob(admin, "runTermsWatch");
    const [hook] = await webhooksOf("generic-hook", 1);
    const body = JSON.parse(hook!.body) as { event: string; text: string; url: string; data: Record<string, unknown> };
    expect(body).toMatchObject({ event: "terms-changed", url: `${suite.appUrl}/admin?tab=programs&terms=${program.id}` });
    expect(body.text).toContain("Alerted card");
    expect(body.text).toContain("60,000 → 40,000 points");
    expect(body.data).toMatchObject({ programId: program.id, version: 2 });
    await sleep(QUIET_MS);
    expect(await receivedWebhooks("generic-hook")).toHaveLength(1);
  });

  it("tells of a terms page becoming unreachable once per spell, and again after it came back and went", async () => {
    await setAlerts({ webhookUrl: GENERIC, events: ["terms-unreachable"] });
    await setTermsPage("spells", termsHtml("60,000"));
    const program = await createProgramAs(admin, "Spelled card", { termsUrl: termsPageUrl("spells", 5) });
    await runJob(admin, "runTermsWatch");
    await removeTermsPage("spells");
    for (let run = 0; run < 3; run++) await runJob(admin, "runTermsWatch");
    const [told] = await webhooksOf("generic-hook", 1);
    expect(JSON.parse(told!.body)).toMatchObject({
      event: "terms-unreachable",
      text: "Spelled card: its terms page could not be read twice in a row (the page answered HTTP 404).",
      data: { programId: program.id, programName: "Spelled card", reason: "the page answered HTTP 404" },
    });
    await sleep(QUIET_MS);
    expect(await receivedWebhooks("generic-hook")).toHaveLength(1);
    // back, then gone again: a new spell, told once more
    await setTermsPage("spells", termsHtml("60,000"));
    await runJob(admin, "runTermsWatch");
    await removeTermsPage("spells");
    await runJob(admin, "runTermsWatch");
    await runJob(admin, "runTermsWatch");
    expect(await webhooksOf("generic-hook", 2)).toHaveLength(2);
  });

  it("lists at most 10 changed figures in the alert and the mail, then how many more", async () => {
    await setAlerts({ webhookUrl: GENERIC, events: ["terms-changed"] });
    const page = (base: number) =>
      termsHtml(
        "60,000",
        Array.from({ length: 15 }, (_, i) => ` Tier ${String.fromCharCode(65 + i)} pays $${(base + i).toLocaleString("en-US")}.`).join(""),
      );
    await setTermsPage("many", page(1_001));
    await createProgramAs(admin, "Many card", { termsUrl: termsPageUrl("many", 6) });
    await runJob(admin, "runTermsWatch");
    await setTermsPage("many", page(2_001));
    await runJob(admin, "runTermsWatch");
    const [hook] = await webhooksOf("generic-hook", 1);
    const lines = Array.from({ length: 10 }, (_, i) => `$${(1_001 + i).toLocaleString("en-US")} → $${(2_001 + i).toLocaleString("en-US")}`);
    const text = (JSON.parse(hook!.body) as { text: string }).text;
    expect(text).toBe(`Many card: its terms changed (${[...lines, "and 5 more"].join("; ")}). Nothing was changed in the hub.`);
    const [mail] = (await mailsTo(ADMIN.email)).filter((m) => /Many card terms changed/i.test(m.subject));
    for (const line of [...lines, "and 5 more"]) expect(mail!.text).toContain(line);
    expect(mail!.text).not.toContain("$2,011");
  });

  it("tells of a link failing and recovering, naming the program, never the member or the link's address", async () => {
    await setAlerts({ webhookUrl: DISCORD });
    const program = await createProgramAs(admin, "Health card");
    const own = await submitOwnLink(alice, program.id, fixturePage("/bank/alert-health"));
    await call("POST", `/api/links/${own.id}/approve`, { idToken: admin });
    await setBankPage("alert-health", 404);
    await runJob(admin, "runLinkHealth");
    await runJob(admin, "runLinkHealth");
    const [failing] = await webhooksOf("discord-hook", 1);
    await setBankPage("alert-health", 200);
    await runJob(admin, "runLinkHealth");
    const hooks = await webhooksOf("discord-hook", 2);
    expect(hooks).toHaveLength(2);
    const [first, second] = hooks.map((h) => (JSON.parse(h.body) as { content: string }).content);
    expect(first).toContain("Health card link failed two checks in a row");
    expect(second).toContain("Health card link works again");
    for (const hook of [failing!, ...hooks]) {
      expect(hook.body).not.toContain("active@example.com");
      expect(hook.body).not.toContain("alert-health");
      expect(hook.body).not.toContain(ADMIN.email);
    }
  });

  it("tells of a program first shared on the open page once, and of an offer ending once per end date", async () => {
    await setAlerts({ webhookUrl: GENERIC });
    const program = await createProgramAs(admin, "Shared card", { offerEndsOn: addDays(utcDay(new Date()), 5) });
    const share = (isSharedOnSite: boolean) =>
      call("POST", `/api/programs/${program.id}/toggle-shared`, { idToken: admin, body: { isSharedOnSite } });
    await share(true);
    await share(false);
    await share(true);
    await runJob(admin, "runDaily");
    await runJob(admin, "runDaily");
    const hooks = await webhooksOf("generic-hook", 2);
    await sleep(QUIET_MS);
    const events = (await receivedWebhooks("generic-hook")).map(
      (h) => JSON.parse(h.body) as { event: string; text: string; data: Record<string, unknown> },
    );
    expect(events.map((e) => e.event).sort()).toEqual(["offer-ending", "program-shared"]);
    expect(hooks).toHaveLength(2);
    const ending = events.find((e) => e.event === "offer-ending")!;
    expect(ending.text).toContain("Shared card: its offer ends on");
    expect(ending.data).toMatchObject({ programId: program.id, offerEndsOn: addDays(utcDay(new Date()), 5) });
  });

  it("tells of a program standing out in the last 7 days' traffic with the day's turn, at most once in any 7 days", async () => {
    await setAlerts({ webhookUrl: GENERIC });
    const today = utcDay(new Date());
    const tally = (programId: string, day: string, counts: Partial<ReasonCounts>) => ({
      programId,
      day,
      counts: { ...noReasons(), ...counts },
      hours: new Map<string, ReasonCounts>(),
    });
    const pumped = await createProgramAs(admin, "Pumped card");
    const busy = await createProgramAs(admin, "Busy card"); // many requests, mostly bots: not repeats
    const quiet = await createProgramAs(admin, "Quiet card"); // repeats, but under 50 requests
    await submitOwnLink(alice, pumped.id, "https://example.com/pumped-ref");
    // 40 repeats of 60 requests today, and as many six days from now (still in the window a week on)
    await addTrafficTallies(2, [
      tally(pumped.id, today, { repeatVisitor: 30, repeatAddress: 10, unavailable: 20 }),
      tally(pumped.id, addDays(today, 6), { repeatVisitor: 30, repeatAddress: 10, unavailable: 20 }),
      tally(busy.id, today, { bot: 200, repeatVisitor: 20 }),
      tally(quiet.id, today, { repeatVisitor: 40 }),
    ]);

    await runJob(admin, "runDaily");
    await runJob(admin, "runDaily");
    const [told] = await webhooksOf("generic-hook", 1);
    const alert = JSON.parse(told!.body) as { event: string; text: string; url: string; data: Record<string, unknown> };
    expect(alert).toMatchObject({
      event: "program-stands-out",
      data: { programId: pumped.id, programName: "Pumped card", requests: 60, filteredShare: 0.667, repeatVisitor: 30, repeatAddress: 10 },
    });
    expect(alert.text).toBe(
      "Pumped card: 66.7% of its 60 requests in the last 7 days were repeats from the same visitor or address, not counted: someone may be pumping it.",
    );
    expect(alert.url).toMatch(/\/analytics\?tab=traffic&range=7d$/);
    expect(told!.body).not.toContain("alice");
    expect(told!.body).not.toContain("pumped-ref");

    // the days after: still standing out, told again only once seven days have passed since
    const dayAt = (days: number) => ({ now: () => new Date(Date.now() + days * 86_400_000), appOrigin: "http://127.0.0.1:5173" });
    expect(await alertProgramsStandingOut(dayAt(1))).toBe(1);
    expect(await alertProgramsStandingOut(dayAt(6))).toBe(1);
    await sleep(QUIET_MS);
    expect(await receivedWebhooks("generic-hook")).toHaveLength(1);
    expect(await alertProgramsStandingOut(dayAt(7))).toBe(1);
    expect(await webhooksOf("generic-hook", 2)).toHaveLength(2);
    await sleep(QUIET_MS);
    expect(await receivedWebhooks("generic-hook")).toHaveLength(2);
  });
});
