import { db } from "../functions/src/toolkit";
import { call } from "./http";
import { suite } from "./suite-env";

export const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
export const PREVIEW_UA = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)";

/** How long the rotation may take to see a change (its cache period plus a margin). */
export const ROTATION_SETTLE_MS = 2_600;
export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function ok<T>(answer: Promise<{ status: number; body: T; text: string }>, what: string): Promise<T> {
  const res = await answer;
  if (res.status >= 300) throw new Error(`${what}: ${String(res.status)} ${res.text}`);
  return res.body;
}

/** An approved program (admin-made) with `count` approved links of different owners, oldest first. */
export async function programWithLinks(admin: string, count: number, options: { mode?: "even" | "balanced"; fallbackUrl?: string } = {}) {
  const program = await ok<{ id: string }>(
    call("POST", "/api/programs", { idToken: admin, body: { name: `Rotation ${Math.random().toString(36).slice(2, 8)}`, ...(options.fallbackUrl ? { fallbackUrl: options.fallbackUrl } : {}) } }),
    "create program",
  );
  if (options.mode === "balanced") await ok(call("POST", `/api/programs/${program.id}/distribution-mode`, { idToken: admin, body: { mode: "balanced" } }), "set mode");
  const links: { id: string; url: string }[] = [];
  for (let i = 0; i < count; i++) links.push(await addLink(admin, program.id, `owner${String(i)}@example.com`));
  return { programId: program.id, links };
}

export async function addLink(admin: string, programId: string, email: string, approve = true) {
  const url = `https://refer.example.com/${programId}/${encodeURIComponent(email)}`;
  const link = await ok<{ id: string }>(call("POST", "/api/links", { idToken: admin, body: { programId, name: email.split("@")[0], email, link: url, description: "Offer" } }), "create link");
  if (approve) await ok(call("POST", `/api/links/${link.id}/approve`, { idToken: admin }), "approve link");
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
export async function visit(programId: string, userAgent: string | null = BROWSER_UA, method = "GET", headers: Record<string, string> = {}): Promise<Visit> {
  const res = await fetch(`${suite.appUrl}/api/programs/${programId}/redirect`, { method, redirect: "manual", headers: { ...headers, "user-agent": userAgent ?? "" } });
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

  async visit(programId: string, userAgent: string | null = BROWSER_UA, method = "GET", headers: Record<string, string> = {}): Promise<Visit> {
    const answer = await visit(programId, userAgent, method, { ...headers, ...(this.cookie ? { cookie: this.cookie } : {}) });
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
    for (const [linkId, n] of Object.entries((doc.get("links") ?? {}) as Record<string, number>)) dayCounters.set(linkId, (dayCounters.get(linkId) ?? 0) + n);
  }
  return { clickRecords: clicks.data().count, dayTotal, dayCounters, counterDocuments: counters.size };
}

/** visitCount per link id, as the admin list shows it. */
export async function visitCounts(admin: string): Promise<Map<string, number>> {
  const links = await ok<{ id: string; visitCount: number }[]>(call("GET", "/api/links", { idToken: admin }), "list links");
  return new Map(links.map((l) => [l.id, l.visitCount]));
}

/**
 * Brings the Functions emulator to warm workers for `clients` before a measured run. The emulator runs
 * one request per worker process and starts a new process whenever a request finds none idle; a
 * worker turns idle only a moment after its answer has gone, so `clients` clients that send again at
 * once find all `clients` workers busy now and then. On a two-core machine already serving them, that
 * new process cannot start within the emulator's 30 s, and the request it was started for is dropped
 * (500, then 504s from Hosting): a full API suite run lost 23 visits this way. So the pool is warmed
 * with half as many workers again as there are clients, and a measured run starts none. Production
 * (80 requests per instance, warm instances) never sees this. Previews: they go through the rotation
 * but count nothing.
 */
export async function warmUp(programId: string, clients: number): Promise<void> {
  await warmUpUrl(`${suite.appUrl}/api/programs/${programId}/redirect`, clients + Math.ceil(clients / 2));
}

/**
 * Any function address brought to `workers` warm workers: bursts of growing width, as link previews
 * (sent on, never counted). Every preview of a burst must be answered 302: a failed one (a worker that
 * did not start in time on a loaded machine: 500, 504 or a dropped connection) means the pool is not
 * warm yet, so the burst is sent again, after a pause, until two bursts of each width in a row are
 * answered in full; after `attempts` failed bursts of one width the warm-up fails, naming what it
 * got. (The benches warm exactly as many as their clients: their figures are throughput, and every
 * extra process takes its share of the two cores.)
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
    for (let clean = 0, failed = 0; clean < 2; ) {
      const answers = await Promise.all(Array.from({ length: width }, preview));
      const wrong = answers.filter((a) => a !== "302");
      if (wrong.length === 0) {
        clean++;
        continue;
      }
      clean = 0;
      if (++failed >= attempts) throw new Error(`warm-up of ${url} at ${String(width)} at once: ${String(wrong.length)} not answered 302 (${[...new Set(wrong)].join(", ")}) in each of ${String(attempts)} bursts`);
      await sleep(1_000);
    }
    if (width === workers) break;
  }
}
