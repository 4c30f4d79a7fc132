/**
 * npm run bench:analytics – the analytics endpoints over a year of history.
 *
 * Runs inside the local suite (npm run exec). Two stores, measured in one run on one machine:
 * - baseline: 1 program, 10 links, a year of history;
 * - large: 100 programs, 1,000 links, a year of history (about 27 clicks per link per day: some
 *   10 million clicks), plus today's visits in the rotation's counters, not yet folded.
 * History is written as the nightly fold leaves it (importPastDays); today's visits go through
 * recordVisit, as the rotation writes them. For each time range and both endpoints: the median time of
 * three calls, the records returned and the bytes; likewise the fairness report (admin), a member's
 * own view (GET /api/user/links/stats, a member with a link in each of 5 programs) and the outcome
 * report (GET /api/analytics/outcomes) over a year of outcomes, about 6 per link (4 sign-ups, 2 paid,
 * now and then a claw-back), written as the outcome writer's roll-ups leave them (outcome_months).
 * Prints a table; asserts nothing.
 *
 * For a quicker run while iterating: BENCH_PROGRAMS (the large store's programs, 100), BENCH_CALLS
 * (calls per figure, of which the median is taken; 3).
 */
import {
  COLLECTIONS,
  createLink,
  createProgram,
  db,
  newClickId,
  recordVisit,
  ensureAdmin,
  importOutcomeMonths,
  type OutcomeMonth,
} from "../../functions/src/toolkit";
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
const LARGE_PROGRAMS = Number(process.env.BENCH_PROGRAMS ?? 100);
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

async function seed(programCount: number, linksPerProgram: number) {
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
  const specs = programs.flatMap((program) => Array.from({ length: linksPerProgram }, (_, o) => ({ program, o })));
  await inBatches(specs, 16, async ({ program, o }) => {
    const link = await createLink(
      {
        programId: program.id,
        name: `Member ${String(o)}`,
        email: o === 0 && programs.indexOf(program) < MEMBER_PROGRAMS ? MEMBER : `member${String(o)}@example.com`,
        link: `https://refer.example.com/${program.id}/${String(o)}`,
        description: "Offer",
      },
      async () => undefined,
    );
    links.push({ id: link.id, programId: program.id });
  });

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

async function timeCall(idToken: string, path: string) {
  const times: number[] = [];
  let records = 0;
  let bytes = 0;
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    const res = await fetch(`${process.env.APP_URL}${path}`, { headers: { authorization: `Bearer ${idToken}` } });
    const text = await res.text();
    times.push(performance.now() - start);
    if (!res.ok) throw new Error(`${path}: ${String(res.status)} ${text.slice(0, 200)}`);
    bytes = Buffer.byteLength(text);
    const body = JSON.parse(text) as unknown[] | { links: unknown[] };
    records = Array.isArray(body) ? body.length : body.links.length;
  }
  return { ms: Math.round(times.sort((a, b) => a - b)[Math.floor(CALLS / 2)]!), records, bytes };
}

async function run(label: string, programCount: number, linksPerProgram: number) {
  const seededStart = Date.now();
  const store = await seed(programCount, linksPerProgram);
  process.stderr.write(
    `[bench] ${label}: seeded ${store.clicks.toLocaleString("en")} clicks in ${String(Math.round((Date.now() - seededStart) / 1000))} s\n`,
  );
  const idToken = await idTokenFromPassword(ADMIN.email, ADMIN.password);
  const memberToken = await signInMember(MEMBER);
  await timeCall(idToken, routePath("userAnalytics", { query: { timeFilter: "24h" } })); // warm the function instance
  const rows = [];
  for (const range of TIME_FILTERS) {
    const query = { timeFilter: range };
    const clicks = await timeCall(idToken, routePath("clickAnalytics", { query }));
    const users = await timeCall(idToken, routePath("userAnalytics", { query }));
    const fairness = await timeCall(idToken, routePath("fairnessReport", { query }));
    const member = await timeCall(memberToken, routePath("ownLinkStats", { query }));
    const traffic = await timeCall(idToken, routePath("trafficReport", { query }));
    const outcomes = await timeCall(idToken, routePath("outcomeAnalytics", { query }));
    const slowest = Math.max(clicks.ms, users.ms, fairness.ms, member.ms, traffic.ms, outcomes.ms);
    rows.push({
      store: label,
      range,
      "clicks ms": clicks.ms,
      "clicks records": clicks.records,
      "records/link": Number((clicks.records / store.links).toFixed(1)),
      "clicks KB": Math.round(clicks.bytes / 1024),
      "users ms": users.ms,
      "users records": users.records,
      "users KB": Math.round(users.bytes / 1024),
      "fairness ms": fairness.ms,
      "fairness KB": Math.round(fairness.bytes / 1024),
      "member ms": member.ms,
      "member links": member.records,
      "traffic ms": traffic.ms,
      "traffic KB": Math.round(traffic.bytes / 1024),
      "outcomes ms": outcomes.ms,
      "outcomes KB": Math.round(outcomes.bytes / 1024),
      target: `< ${String(TARGET_MS[range]! / 1000)} s: ${slowest < TARGET_MS[range]! ? "met" : "MISSED"}`,
    });
  }
  return { store, rows };
}

async function main() {
  const baseline = await run("baseline", 1, 10);
  const large = await run("large", LARGE_PROGRAMS, 10);
  console.table([...baseline.rows, ...large.rows]);
  console.log(
    `large store: ${String(large.store.programs)} programs, ${String(large.store.links)} links, ${large.store.clicks.toLocaleString("en")} clicks, ${large.store.rollups.toLocaleString("en")} day roll-ups, ${large.store.outcomes.outcomes.toLocaleString("en")} outcomes in ${large.store.outcomes.rollups.toLocaleString("en")} month roll-ups`,
  );
  for (const range of TIME_FILTERS) {
    const b = baseline.rows.find((r) => r.range === range)!;
    const l = large.rows.find((r) => r.range === range)!;
    console.log(
      `${range}: clicks ${String(l["clicks ms"])} ms vs baseline ${String(b["clicks ms"])} ms (×${(l["clicks ms"] / Math.max(1, b["clicks ms"])).toFixed(1)}), users ${String(l["users ms"])} ms vs ${String(b["users ms"])} ms, fairness ${String(l["fairness ms"])} ms vs ${String(b["fairness ms"])} ms, traffic ${String(l["traffic ms"])} ms vs ${String(b["traffic ms"])} ms, outcomes ${String(l["outcomes ms"])} ms vs ${String(b["outcomes ms"])} ms, member ${String(l["member ms"])} ms vs ${String(b["member ms"])} ms`,
    );
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
