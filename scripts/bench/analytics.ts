/**
 * npm run bench:analytics – the analytics endpoints over a year of history.
 *
 * Runs inside the local suite (npm run exec). Three stores, measured in one run on one machine:
 * - baseline: 1 program, 10 links, a year of history;
 * - 1k: 100 programs, 1,000 links, a year of history (about 27 clicks per link per day: some
 *   10 million clicks), plus today's visits in the rotation's counters, not yet folded;
 * - 10k: ten times that, 10,000 links in 200 programs of unequal size (the largest 735 links, the
 *   smallest 18: a few popular cards and a long tail), owned by 5,000 members, a year of history
 *   (some 100 million clicks).
 * History is written as the nightly fold leaves it (importPastDays); today's visits go through
 * recordVisit, as the rotation writes them. For each time range, every dashboard answer (the
 * Overview, the largest program's page, users, fairness, traffic, outcomes), a member's own view
 * (GET /api/user/links/stats, a member with a link in each of 5 programs) and the first page of the
 * click records: the median time of three calls and the answer's bytes, raw and gzipped. Outcomes:
 * about 6 per link a year (4 sign-ups, 2 paid, now and then a claw-back), written as the outcome
 * writer's roll-ups leave them (outcome_months). Prints tables; asserts nothing.
 *
 * For a quicker run while iterating: BENCH_STORES (which stores, "baseline,1k,10k"), BENCH_CALLS
 * (calls per figure, of which the median is taken; 3).
 */
import "../lib/require-node-major"; // first: stops at once on a Node of another major
import {
  COLLECTIONS,
  createLink,
  createProgram,
  db,
  newClickId,
  recordVisit,
  refreshClickWindows,
  ensureAdmin,
  importOutcomeMonths,
  type OutcomeMonth,
} from "../../functions/src/toolkit";
import { gzipSync } from "node:zlib";
import { importPastDays, type PastDay } from "./past-days";
import { TIME_FILTERS } from "@hub/contract/analytics";
import { idTokenFromPassword, resetEmulators } from "../../testing/emulators";
import { routePath } from "../../testing/http";
import { BROWSER_UA } from "../../testing/rotation";
import { signInMember } from "../../testing/members";

/** The member whose own view is timed: a paying member of the local Stripe, with a link in each of the first MEMBER_PROGRAMS programs. */
const MEMBER = "active@example.com";
const MEMBER_PROGRAMS = 5;

const ADMIN = { email: "bench-admin@example.com", password: "bench-password-1" };
const HISTORY_DAYS = 365;
const STORES = (process.env.BENCH_STORES ?? "baseline,1k,10k").split(",");
/** The members of the 10k store: 10,000 links, two per member. */
const MEMBERS_10K = 5_000;
const CALLS = Number(process.env.BENCH_CALLS ?? 3);
const TODAY_VISITS_PER_PROGRAM = 20;
const TARGET_MS: Record<string, number> = { "24h": 1000, "7d": 1000, "30d": 1000, "3mo": 2000, "12mo": 2000, all: 2000 };

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

/** A fixed pseudo-random sequence, so that every run seeds the same history. */
function seeded(seed: number) {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

/** Links per program of the 10k store: 10,000 over 200 programs, in proportion to 1 / rank^0.7 (largest first). */
function unequalSizes(programs: number, links: number): number[] {
  const weights = Array.from({ length: programs }, (_, p) => 1 / (p + 1) ** 0.7);
  const sum = weights.reduce((a, b) => a + b, 0);
  const sizes = weights.map((w) => Math.max(1, Math.floor((w / sum) * links)));
  for (let i = 0, left = links - sizes.reduce((a, b) => a + b, 0); left > 0; i++, left--) sizes[i % programs]! += 1;
  return sizes;
}

/** `sizes`: links per program; `ownerOf`: the number of the member who owns a program's o-th link (never two in one program). */
async function seed(sizes: number[], ownerOf: (p: number, o: number) => number) {
  const programCount = sizes.length;
  await resetEmulators();
  await ensureAdmin(ADMIN.email, ADMIN.password);
  const programs = await Promise.all(
    Array.from({ length: programCount }, (_, p) =>
      createProgram({
        name: `Program ${String(p).padStart(3, "0")}`,
        description: null,
        fallbackUrl: null,
        approved: true,
        proposedBy: null,
      }),
    ),
  );
  const links: { id: string; programId: string }[] = [];
  // each program's links one after another, 16 programs at a time: a link's creation is a transaction
  // on its program's and its owner's documents, and 16 on one program time out on the emulator's locks
  // (the 10k store's largest program has 735 links)
  const queue = programs.map((program, p) => ({ program, p })).sort((a, b) => sizes[b.p]! - sizes[a.p]!);
  const creator = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { program, p } = next;
      for (let o = 0; o < sizes[p]!; o++) {
        const link = await createLink(
          {
            programId: program.id,
            name: `Member ${String(o)}`,
            email: o === 0 && p < MEMBER_PROGRAMS ? MEMBER : `member${String(ownerOf(p, o))}@example.com`,
            link: `https://refer.example.com/${program.id}/${String(o)}`,
            description: "Offer",
          },
          async () => undefined,
        );
        links.push({ id: link.id, programId: program.id });
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, creator));

  const random = seeded(42);
  const days: PastDay[] = [];
  let clicks = 0;
  const now = Date.now();
  const linksOf = new Map(programs.map((p) => [p.id, links.filter((l) => l.programId === p.id)]));
  for (let d = HISTORY_DAYS; d >= 1; d--) {
    const day = new Date(now - d * 86_400_000).toISOString().slice(0, 10);
    for (const program of programs) {
      const counts: Record<string, number> = {};
      for (const link of linksOf.get(program.id)!) {
        const n = Math.floor(random() * 55); // 0..54, about 27 a day
        if (n > 0) counts[link.id] = n;
        clicks += n;
      }
      // every link in the rotation every day (one rotation set per program); yesterday's hours in click_hours, as the fold leaves them (24h reads them)
      days.push({ programId: program.id, day, links: counts, active: linksOf.get(program.id)!.map((l) => l.id), withHours: d === 1 });
    }
  }
  await importPastDays(days);
  await importPastTraffic(days, random);
  const outcomes = await importPastOutcomes(links, now, random);

  const today = programs.flatMap((program) => Array.from({ length: TODAY_VISITS_PER_PROGRAM }, (_, i) => ({ program, i })));
  await inBatches(today, 32, async ({ program, i }) => {
    const own = linksOf.get(program.id)!;
    await recordVisit({
      clickId: newClickId(),
      linkId: own[i % own.length]!.id,
      programId: program.id,
      clickedAt: new Date(),
      ipAddress: "203.0.113.5",
      userAgent: BROWSER_UA,
      shard: i % 16,
      activeLinkIds: own.map((l) => l.id),
    });
  });
  clicks += today.length;
  // as the nightly job leaves the store after its fold: every program's click windows summed for today
  const summing = Date.now();
  const windows = await refreshClickWindows(new Date());
  process.stderr.write(
    `[bench] click windows of ${String(windows)} programs summed in ${String(Math.round((Date.now() - summing) / 1000))} s\n`,
  );
  return { programs: programCount, links: links.length, clicks, rollups: days.length, outcomes };
}

/**
 * A year of outcomes as the outcome writer's roll-ups hold them (outcome_months, one per program and
 * month: counts by day and link): per link about 4 sign-ups and 2 paid referrals a year, and a
 * claw-back for one link in ten. Returns how many outcomes they count.
 */
async function importPastOutcomes(links: { id: string; programId: string }[], now: number, random: () => number) {
  const months = new Map<string, OutcomeMonth>();
  let count = 0;
  const add = (link: { id: string; programId: string }, kind: "signedUp" | "paid" | "clawedBack") => {
    const day = new Date(now - Math.floor(random() * HISTORY_DAYS) * 86_400_000).toISOString().slice(0, 10);
    const key = `${link.programId}_${day.slice(0, 7)}`;
    const month = months.get(key) ?? { programId: link.programId, month: day.slice(0, 7), days: new Map() };
    const byLink = month.days.get(day.slice(8, 10)) ?? new Map();
    const counts = byLink.get(link.id) ?? { signedUp: 0, paid: 0, clawedBack: 0 };
    counts[kind] += 1;
    byLink.set(link.id, counts);
    month.days.set(day.slice(8, 10), byLink);
    months.set(key, month);
    count += 1;
  };
  for (const link of links) {
    for (let i = 0; i < 4; i++) add(link, "signedUp");
    for (let i = 0; i < 2; i++) add(link, "paid");
    if (random() < 0.1) add(link, "clawedBack");
  }
  await importOutcomeMonths([...months.values()]);
  return { outcomes: count, rollups: months.size };
}

/**
 * A year of requests not counted, as the nightly fold leaves them (traffic_days, with yesterday's
 * hours, and traffic_months): about a third of each day's requests were bots and repeats.
 */
async function importPastTraffic(days: PastDay[], random: () => number) {
  const months = new Map<
    string,
    { programId: string; month: string; bot: number; repeatVisitor: number; repeatAddress: number; unavailable: number }
  >();
  const writes: { path: string; data: object }[] = [];
  for (const { programId, day, links, withHours } of days) {
    const counted = Object.values(links).reduce((a, b) => a + b, 0);
    const reasons = {
      bot: Math.floor(counted * 0.2 * random()),
      repeatVisitor: Math.floor(counted * 0.1 * random()),
      repeatAddress: Math.floor(counted * 0.1 * random()),
      unavailable: 0,
    };
    writes.push({
      path: `${COLLECTIONS.trafficDays}/${programId}_${day}`,
      data: { programId, day, ...reasons, ...(withHours ? { hours: { "12": reasons } } : {}) },
    });
    const key = `${programId}_${day.slice(0, 7)}`;
    const month = months.get(key) ?? { programId, month: day.slice(0, 7), bot: 0, repeatVisitor: 0, repeatAddress: 0, unavailable: 0 };
    for (const [reason, n] of Object.entries(reasons)) month[reason as keyof typeof reasons] += n;
    months.set(key, month);
  }
  for (const [key, month] of months) writes.push({ path: `${COLLECTIONS.trafficMonths}/${key}`, data: month });
  for (let i = 0; i < writes.length; i += 500) {
    const batch = db().batch();
    for (const w of writes.slice(i, i + 500)) batch.set(db().doc(w.path), w.data);
    await batch.commit();
  }
}

interface Timed {
  ms: number;
  /** Records or rows: the list's length, or the links of an answer that has them. */
  items: number;
  bytes: number;
  gzipBytes: number;
  /** The answer, parsed (the Overview's names the largest program, whose page is timed). */
  body: unknown;
}

async function timeCall(idToken: string, path: string): Promise<Timed> {
  const times: number[] = [];
  let text = "";
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    const res = await fetch(`${process.env.APP_URL}${path}`, { headers: { authorization: `Bearer ${idToken}` } });
    text = await res.text();
    times.push(performance.now() - start);
    if (!res.ok) throw new Error(`${path}: ${String(res.status)} ${text.slice(0, 200)}`);
  }
  const body = JSON.parse(text) as unknown;
  const items = Array.isArray(body)
    ? body.length
    : typeof body === "object" && body !== null && "links" in body && Array.isArray(body.links)
      ? body.links.length
      : typeof body === "object" && body !== null && "programs" in body && Array.isArray(body.programs)
        ? body.programs.length
        : 0;
  return {
    ms: Math.round(times.sort((a, b) => a - b)[Math.floor(CALLS / 2)]!),
    items,
    bytes: Buffer.byteLength(text),
    gzipBytes: gzipSync(text).length,
    body,
  };
}

/** The answers of the dashboard's tabs: each must stay under 1 MB raw, 1 s for 30 days and 2 s for any range. */
const DASHBOARD = ["overview", "program", "users", "fairness", "fairness links", "traffic", "outcomes", "outcome links"] as const;
/** Besides the dashboard's: the fairness and outcome reports with every program's links, as asked without `links=omit`. */
const ANSWERS = [...DASHBOARD, "member", "clicks page", "fairness, all links", "outcomes, all links"] as const;
type Answer = (typeof ANSWERS)[number];

async function run(label: string, sizes: number[], ownerOf: (p: number, o: number) => number) {
  const seededStart = Date.now();
  const store = await seed(sizes, ownerOf);
  process.stderr.write(
    `[bench] ${label}: seeded ${store.clicks.toLocaleString("en")} clicks in ${String(Math.round((Date.now() - seededStart) / 1000))} s\n`,
  );
  if (process.env.BENCH_HOLD) {
    // the seeded store kept for profiling an answer in a process of one's own (docs/benchmarks.md, *Analytics*)
    process.stderr.write(
      `[bench] ${label}: holding the seeded store on ${String(process.env.FIRESTORE_EMULATOR_HOST)}; stop with Ctrl-C\n`,
    );
    await new Promise(() => setInterval(() => undefined, 60_000)); // a timer keeps the process (and the suite) up
  }
  const idToken = await idTokenFromPassword(ADMIN.email, ADMIN.password);
  const memberToken = await signInMember(MEMBER);
  await timeCall(idToken, routePath("analyticsOverview", { query: { timeFilter: "24h" } })); // warm the function instance
  const rows: { store: string; range: string; answer: Answer; ms: number; items: number; KB: number; "gzip KB": number; target: string }[] =
    [];
  for (const range of TIME_FILTERS) {
    const query = { timeFilter: range };
    const overview = await timeCall(idToken, routePath("analyticsOverview", { query }));
    // the Programs tab's worst case: the program with the most links
    const largest = (overview.body as { programs: { programId: string; totalLinks: number }[] }).programs.reduce((a, b) =>
      b.totalLinks > a.totalLinks ? b : a,
    );
    const answers: Record<Answer, Timed> = {
      overview,
      program: await timeCall(idToken, routePath("programClickAnalytics", { params: { id: largest.programId }, query })),
      users: await timeCall(idToken, routePath("userAnalytics", { query })),
      // the Fairness and Outcomes tabs: every program's row, then the largest program's links when its row opens
      fairness: await timeCall(idToken, routePath("fairnessReport", { query: { ...query, links: "omit" } })),
      "fairness links": await timeCall(idToken, routePath("fairnessReport", { query: { ...query, programId: largest.programId } })),
      traffic: await timeCall(idToken, routePath("trafficReport", { query })),
      outcomes: await timeCall(idToken, routePath("outcomeAnalytics", { query: { ...query, links: "omit" } })),
      "outcome links": await timeCall(idToken, routePath("outcomeAnalytics", { query: { ...query, programId: largest.programId } })),
      member: await timeCall(memberToken, routePath("ownLinkStats", { query })),
      "clicks page": await timeCall(idToken, routePath("clickAnalytics", { query })),
      "fairness, all links": await timeCall(idToken, routePath("fairnessReport", { query })),
      "outcomes, all links": await timeCall(idToken, routePath("outcomeAnalytics", { query })),
    };
    for (const answer of ANSWERS) {
      const t = answers[answer];
      const dashboard = (DASHBOARD as readonly string[]).includes(answer);
      const met = t.ms < TARGET_MS[range]! && t.bytes < 1_000_000;
      rows.push({
        store: label,
        range,
        answer,
        ms: t.ms,
        items: t.items,
        KB: Math.round(t.bytes / 1024),
        "gzip KB": Math.round(t.gzipBytes / 1024),
        target: dashboard ? `< ${String(TARGET_MS[range]! / 1000)} s, < 1 MB: ${met ? "met" : "MISSED"}` : "",
      });
    }
  }
  return { store, rows };
}

/** The stores: 1 program of 10 links; 100 programs of 10 links (today's size); 10,000 links in 200 programs of unequal size. */
const STORE_SPECS: Record<string, { sizes: number[]; ownerOf: (p: number, o: number) => number }> = {
  baseline: { sizes: [10], ownerOf: (_, o) => o },
  "1k": { sizes: Array.from({ length: 100 }, () => 10), ownerOf: (_, o) => o },
  "10k": { sizes: unequalSizes(200, 10_000), ownerOf: (p, o) => (p * 37 + o) % MEMBERS_10K },
};

async function main() {
  const results = [];
  for (const label of STORES) {
    const spec = STORE_SPECS[label];
    if (!spec) throw new Error(`BENCH_STORES: no store ${label} (baseline, 1k, 10k)`);
    const result = { label, ...(await run(label, spec.sizes, spec.ownerOf)) };
    results.push(result);
    // each store's table as soon as it is measured: the 10k store's seeding takes a while
    const { store, rows } = result;
    console.log(
      `${label}: ${String(store.programs)} programs, ${String(store.links)} links, ${store.clicks.toLocaleString("en")} clicks, ${store.rollups.toLocaleString("en")} day roll-ups, ${store.outcomes.outcomes.toLocaleString("en")} outcomes in ${store.outcomes.rollups.toLocaleString("en")} month roll-ups`,
    );
    console.table(rows);
  }
  // side by side: each answer and range, time and raw / gzip size per store
  const side: Record<string, string | number>[] = [];
  for (const range of TIME_FILTERS)
    for (const answer of ANSWERS) {
      const row: Record<string, string | number> = { range, answer };
      for (const { label, rows } of results) {
        const r = rows.find((x) => x.range === range && x.answer === answer)!;
        row[label] = `${String(r.ms)} ms, ${String(r.KB)} / ${String(r["gzip KB"])} KB`;
      }
      side.push(row);
    }
  console.table(side);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
