import { rotationPath } from "@hub/contract/routes";
import { shortRotationPath } from "@hub/contract/slugs";
import { db, encodeVisitor, newVisitorId } from "../functions/src/toolkit";
import { LOCAL_VISITOR_COOKIE_SECRET } from "./suite-config";
import { callRoute } from "./http";
import { suite } from "./suite-env";

export const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
export const PREVIEW_UA = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)";

/** How long the rotation may take to see a change (its cache period plus a margin). */
export const ROTATION_SETTLE_MS = 2_600;
export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * A `__session` cookie as the rotation writes it: a new visitor sent to `linkId` at `sentAtMs` (a
 * minute ago unless given), signed with `secret`: the suite's rotation's unless given (a rotation
 * instance's is its `visitorCookieSecret`).
 */
export const signedVisitorCookie = (
  programId: string,
  linkId: string,
  sentAtMs = Date.now() - 60_000,
  secret = LOCAL_VISITOR_COOKIE_SECRET,
) => `__session=${encodeVisitor({ visitorId: newVisitorId(), choices: [{ programId, linkId, sentAtMs }] }, secret)}`;

/** Hosting's CDN edge as the function sees it (one of Fastly's published addresses). */
export const FASTLY_EDGE = "151.101.65.195";
/** The headers of a visit from `address` through Hosting: Fastly appends the client, Google's front end the Fastly edge. */
export const throughHostingFrom = (address: string): Record<string, string> => ({ "x-forwarded-for": `${address}, ${FASTLY_EDGE}` });

async function ok<T>(answer: Promise<{ status: number; body: T; text: string }>, what: string): Promise<T> {
  const res = await answer;
  if (res.status >= 300) throw new Error(`${what}: ${String(res.status)} ${res.text}`);
  return res.body;
}

/** An approved program (admin-made, so it has its slug) with `count` approved links of different owners, oldest first. */
export async function programWithLinks(admin: string, count: number, options: { mode?: "even" | "balanced"; fallbackUrl?: string } = {}) {
  const program = await ok(
    callRoute("createProgram", {
      idToken: admin,
      body: {
        name: `Rotation ${Math.random().toString(36).slice(2, 8)}`,
        ...(options.fallbackUrl ? { fallbackUrl: options.fallbackUrl } : {}),
      },
    }),
    "create program",
  );
  if (options.mode === "balanced")
    await ok(callRoute("setDistributionMode", { params: { id: program.id }, idToken: admin, body: { mode: "balanced" } }), "set mode");
  const links: { id: string; url: string }[] = [];
  for (let i = 0; i < count; i++) links.push(await addLink(admin, program.id, `owner${String(i)}@example.com`));
  return { programId: program.id, slug: program.slug!, links };
}

/**
 * Gives each of these link owners a weight in the rotation, as an admin would: a tier per weight
 * (`w1`…, the default `w1`) saved, each owner a user the admin made (no subscription needed) and put
 * in their weight's tier.
 */
export async function weighOwners(admin: string, weights: ReadonlyMap<string, number>): Promise<void> {
  const distinct = [...new Set([1, ...weights.values()])].sort((a, b) => a - b);
  const tiers = distinct.map((w) => ({ id: `w${String(w)}`, name: `Weight ${String(w)}`, weight: w, stripePriceIds: [] }));
  await ok(callRoute("updateTiers", { idToken: admin, body: { tiers, defaultTierId: "w1" } }), "save tiers");
  for (const [email, weight] of weights) {
    await ok(callRoute("createUser", { idToken: admin, body: { email } }), `create ${email}`);
    await ok(
      callRoute("updateUser", { idToken: admin, params: { username: email }, body: { tierId: `w${String(weight)}` } }),
      `tier of ${email}`,
    );
  }
}

export async function addLink(admin: string, programId: string, email: string, approve = true) {
  const url = `https://refer.example.com/${programId}/${encodeURIComponent(email)}`;
  const link = await ok(
    callRoute("submitLink", { idToken: admin, body: { programId, name: email.split("@")[0]!, email, link: url, description: "Offer" } }),
    "create link",
  );
  if (approve) await ok(callRoute("approveLink", { params: { id: link.id }, idToken: admin }), "approve link");
  return { id: link.id, url };
}

export interface Visit {
  status: number;
  location: string | null;
  cacheControl: string | null;
  contentType: string | null;
  /** The Set-Cookie headers of the answer (the rotation sets only the visitor cookie, `__session`). */
  setCookies: string[];
}

/**
 * One visit of the rotation address, as a browser (or the given User-Agent) would make it; null sends
 * an empty User-Agent (fetch would otherwise send its own).
 */
export async function visit(
  programId: string,
  userAgent: string | null = BROWSER_UA,
  method = "GET",
  headers: Record<string, string> = {},
): Promise<Visit> {
  return visitAt(suite.appUrl, programId, userAgent, method, headers);
}

/** The same visit by the program's short address, `/r/{slug}` (a slug as typed: any case). */
export async function visitShort(
  slug: string,
  userAgent: string | null = BROWSER_UA,
  method = "GET",
  headers: Record<string, string> = {},
): Promise<Visit> {
  return visitUrl(`${suite.appUrl}${shortRotationPath(slug)}`, userAgent, method, headers);
}

/** The same visit, of the rotation served at `origin` (the site's, or a rotation instance's). */
export async function visitAt(
  origin: string,
  programId: string,
  userAgent: string | null = BROWSER_UA,
  method = "GET",
  headers: Record<string, string> = {},
): Promise<Visit> {
  return visitUrl(`${origin}${rotationPath(programId)}`, userAgent, method, headers);
}

async function visitUrl(url: string, userAgent: string | null, method: string, headers: Record<string, string>): Promise<Visit> {
  const res = await fetch(url, {
    method,
    redirect: "manual",
    headers: { ...headers, "user-agent": userAgent ?? "" },
  });
  await res.arrayBuffer();
  return {
    status: res.status,
    location: res.headers.get("location"),
    cacheControl: res.headers.get("cache-control"),
    contentType: res.headers.get("content-type"),
    setCookies: res.headers.getSetCookie(),
  };
}

/**
 * A visitor with a browser's cookie jar for the rotation address: sends what the rotation set last
 * (`__session`), keeps what it sets. `cookie` starts the jar (e.g. a cookie signed by a test).
 */
export class CookieVisitor {
  constructor(public cookie: string | null = null) {}

  async visit(
    programId: string,
    userAgent: string | null = BROWSER_UA,
    method = "GET",
    headers: Record<string, string> = {},
  ): Promise<Visit> {
    return this.keep(await visit(programId, userAgent, method, this.withCookie(headers)));
  }

  /** The same visitor at the program's short address (`/r/{slug}`): the same cookie, Path=/. */
  async visitShort(slug: string, userAgent: string | null = BROWSER_UA): Promise<Visit> {
    return this.keep(await visitShort(slug, userAgent, "GET", this.withCookie({})));
  }

  private withCookie(headers: Record<string, string>): Record<string, string> {
    return { ...headers, ...(this.cookie ? { cookie: this.cookie } : {}) };
  }

  private keep(answer: Visit): Visit {
    const set = answer.setCookies.find((c) => c.startsWith("__session="));
    if (set) this.cookie = set.split(";")[0]!;
    return answer;
  }
}

/** Sequential visits; where each went, by Location. */
export async function visitMany(programId: string, times: number): Promise<Map<string, number>> {
  const tally = new Map<string, number>();
  for (let i = 0; i < times; i++) {
    const { status, location } = await visit(programId);
    if (status !== 302 || !location) throw new Error(`visit ${String(i)}: ${String(status)}`);
    tally.set(location, (tally.get(location) ?? 0) + 1);
  }
  return tally;
}

/** What the store holds for a program: click records, and the day counters summed per link. */
export async function storedCounts(programId: string) {
  const [clicks, counters] = await Promise.all([
    db().collection("clicks").where("programId", "==", programId).count().get(),
    db().collection("click_counters").where("programId", "==", programId).get(),
  ]);
  const dayCounters = new Map<string, number>();
  let dayTotal = 0;
  for (const doc of counters.docs) {
    dayTotal += Number(doc.get("total") ?? 0);
    for (const [linkId, n] of Object.entries((doc.get("links") ?? {}) as Record<string, number>))
      dayCounters.set(linkId, (dayCounters.get(linkId) ?? 0) + n);
  }
  return { clickRecords: clicks.data().count, dayTotal, dayCounters, counterDocuments: counters.size };
}

/** visitCount per link id, as the admin list shows it. */
export async function visitCounts(admin: string): Promise<Map<string, number>> {
  const links = await ok(callRoute("listLinks", { idToken: admin }), "list links");
  return new Map(links.map((l) => [l.id, l.visitCount]));
}

/**
 * Warms the function behind `url` before a measured run, with bursts of previews (sent on, never
 * counted) of growing width up to `workers`, until two bursts of each width in a row are answered 302
 * in full; after `attempts` failed bursts of one width it fails, naming what it got. In the Functions
 * emulator a burst starts worker processes only for the requests that find none idle, so this brings
 * the pool near `workers` but cannot promise its size: load that must be answered in full runs on
 * rotation instances instead (testing/rotation-instances.ts).
 */
export async function warmUpUrl(url: string, workers: number, attempts = 8): Promise<void> {
  const preview = () =>
    fetch(url, { redirect: "manual", headers: { "user-agent": PREVIEW_UA } }).then(
      async (r) => {
        await r.arrayBuffer();
        return String(r.status);
      },
      (err: unknown) => (err instanceof Error ? err.message : String(err)),
    );
  for (let width = 1; ; width = Math.min(width * 2, workers)) {
    for (let clean = 0, failed = 0; clean < 2;) {
      const answers = await Promise.all(Array.from({ length: width }, preview));
      const wrong = answers.filter((a) => a !== "302");
      if (wrong.length === 0) {
        clean++;
        continue;
      }
      clean = 0;
      if (++failed >= attempts)
        throw new Error(
          `warm-up of ${url} at ${String(width)} at once: ${String(wrong.length)} not answered 302 (${[...new Set(wrong)].join(", ")}) in each of ${String(attempts)} bursts`,
        );
      await sleep(1_000);
    }
    if (width === workers) break;
  }
}
