/**
 * npm run bench:earnings – a member's Earnings view, its CSV and their links list with 500 outcomes.
 *
 * Runs inside the local suite (npm run exec). Two members, seeded and measured in one run on one
 * machine, each with a link in every program (some programs with a referrer cap, so the links list
 * derives cap states on read):
 * - large: active@example.com, 500 outcomes dated over the current year (signed-up, paid with an
 *   amount in one of two currencies, now and then a claw-back);
 * - baseline: trialing@example.com, 10 outcomes of the same kinds.
 * Outcomes are recorded through the service the API calls (recordOutcome), by a member's rules: on
 * approved links, within the date bounds, at most 50 in 24 hours. So each is recorded with the clock
 * at the day it happened, in date order, as a member keeping them up to date would; the year is
 * this one, or last year while this one has fewer than 30 days (500 outcomes need at least 10 days).
 * Then, through Hosting as the browser calls them, warm: GET /api/user/outcomes?year=,
 * GET /api/user/outcomes/export?year= and GET /api/user/links, BENCH_CALLS times each (20) per
 * member; prints the median and p95 beside the goal (< 1 s for 500 outcomes). Asserts nothing.
 */
import "../lib/require-node-major"; // first: stops at once on a Node of another major
import { createLink, createProgram, recordOutcome, updateLink } from "../../functions/src/toolkit";
import type { CreateOutcomeRequest } from "@hub/contract/outcomes";
import { LOCAL_VISITOR_COOKIE_SECRET } from "../../testing/suite-config";
import { addDays, utcDay } from "@hub/contract/dates";
import { resetEmulators } from "../../testing/emulators";
import { routePath } from "../../testing/http";
import { signInMember } from "../../testing/members";
import { suite } from "../../testing/suite-env";

const LARGE = { email: "active@example.com", outcomes: 500 };
const BASELINE = { email: "trialing@example.com", outcomes: 10 };
const PROGRAMS = 8;
const CALLS = Number(process.env.BENCH_CALLS ?? 20);
const GOAL_MS = 1000;

/** A fixed pseudo-random sequence, so that every run seeds the same outcomes. */
function seeded(seed: number) {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

/** Programs with and without a cap: the links list works out each link's cap state on read. */
async function seedPrograms() {
  const ids: string[] = [];
  for (let p = 0; p < PROGRAMS; p++) {
    const program = await createProgram({
      name: `Bench Bank ${String(p)}`,
      description: null,
      fallbackUrl: null,
      approved: true,
      proposedBy: null,
      referrerCap: p % 3 === 2 ? null : { count: p % 3 === 0 ? 1000 : 20, period: p % 2 === 0 ? "calendar-year" : "rolling-12-months" },
    });
    ids.push(program.id);
  }
  return ids;
}

/** The year the outcomes are dated in: this one, unless it has fewer than 30 days so far. */
function benchYear(): { year: number; days: string[] } {
  const today = utcDay(new Date());
  const thisYear = Number(today.slice(0, 4));
  const year = today >= `${String(thisYear)}-01-30` ? thisYear : thisYear - 1;
  const days: string[] = [];
  for (let day = `${String(year)}-01-01`; day <= today && day.startsWith(String(year)); day = addDays(day, 1)) days.push(day);
  return { year, days };
}

type BenchOutcome = CreateOutcomeRequest & { programId: string };

/** `count` outcomes of the member, dated over the year's days (up to today), spread over the programs, in date order. */
function outcomesOf(count: number, programIds: string[], days: string[], random: () => number): BenchOutcome[] {
  const list: BenchOutcome[] = [];
  for (let i = 0; i < count; i++) {
    const occurredOn = days[Math.floor(random() * days.length)]!;
    const roll = random();
    const kind = roll < 0.5 ? "signed-up" : roll < 0.9 ? "paid" : "clawed-back";
    const currency = random() < 0.7 ? "USD" : "EUR";
    const programId = programIds[i % programIds.length]!;
    const amount = 50 + Math.round(random() * 30_000) / 100;
    list.push(
      kind === "signed-up"
        ? { programId, kind, occurredOn }
        : { programId, kind, occurredOn, amount, currency, ...(i % 4 === 0 ? { note: `Bonus ${String(i)}` } : {}) },
    );
  }
  return list.sort((a, b) => a.occurredOn.localeCompare(b.occurredOn));
}

/**
 * The member's approved link in every program, then their outcomes, one after another with the clock
 * at each one's day: every one reads the program and the owner's links and may write the program's
 * counts. Run in parallel (even one worker per program) they waited on each other's locks until the
 * emulator gave up ("Transaction lock timeout"), so the seed records them in turn.
 */
async function seedMember(email: string, programIds: string[], outcomes: BenchOutcome[]) {
  const linkIn = new Map<string, string>();
  for (const programId of programIds) {
    const link = await createLink(
      { programId, name: email, email, link: `https://refer.example.com/${programId}/${email}`, description: "Offer" },
      async () => undefined,
    );
    await updateLink(link.id, () => ({ approved: true }));
    linkIn.set(programId, link.id);
  }
  for (const [i, { programId, ...outcome }] of outcomes.entries()) {
    const now = () => new Date(Date.parse(`${outcome.occurredOn}T12:00:00Z`) + i);
    await recordOutcome({ now, keyedHashSecret: LOCAL_VISITOR_COOKIE_SECRET }, email, linkIn.get(programId)!, outcome);
  }
}

interface Figures {
  median: number;
  p95: number;
  bytes: number;
}

/** CALLS warm calls (after one not counted) of a member's GET through Hosting: median, p95, bytes. */
async function timeCalls(idToken: string, path: string): Promise<Figures> {
  const once = async () => {
    const start = performance.now();
    const res = await fetch(`${suite.appUrl}${path}`, { headers: { authorization: `Bearer ${idToken}` } });
    const text = await res.text();
    const ms = performance.now() - start;
    if (!res.ok) throw new Error(`${path}: ${String(res.status)} ${text.slice(0, 200)}`);
    return { ms, bytes: Buffer.byteLength(text) };
  };
  await once();
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < CALLS; i++) {
    const call = await once();
    times.push(call.ms);
    bytes = call.bytes;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!);
  return { median: at(0.5), p95: at(0.95), bytes };
}

async function main() {
  const started = Date.now();
  await resetEmulators();
  const programIds = await seedPrograms();
  const { year, days } = benchYear();
  await seedMember(LARGE.email, programIds, outcomesOf(LARGE.outcomes, programIds, days, seeded(31)));
  await seedMember(BASELINE.email, programIds, outcomesOf(BASELINE.outcomes, programIds, days, seeded(7)));
  process.stderr.write(
    `[bench] seeded ${String(LARGE.outcomes + BASELINE.outcomes)} outcomes on ${String(2 * PROGRAMS)} links in ${String(Math.round((Date.now() - started) / 1000))} s\n`,
  );
  const query = { year: String(year) };
  const rows = [];
  for (const member of [BASELINE, LARGE]) {
    const idToken = await signInMember(member.email);
    const measured = {
      [`GET ${routePath("listOwnOutcomes", { query })}`]: await timeCalls(idToken, routePath("listOwnOutcomes", { query })),
      [`GET ${routePath("exportOwnOutcomes", { query })}`]: await timeCalls(idToken, routePath("exportOwnOutcomes", { query })),
      [`GET ${routePath("listOwnLinks")}`]: await timeCalls(idToken, routePath("listOwnLinks")),
    };
    for (const [endpoint, f] of Object.entries(measured))
      rows.push({
        member: `${String(member.outcomes)} outcomes`,
        endpoint,
        "median ms": f.median,
        "p95 ms": f.p95,
        KB: Number((f.bytes / 1024).toFixed(1)),
        goal: `< ${String(GOAL_MS / 1000)} s: ${f.p95 < GOAL_MS ? "met" : "MISSED"}`,
      });
  }
  console.table(rows);
  console.log(
    `${String(CALLS)} warm calls each, through Hosting; goal: < 1 s for a member with ${String(LARGE.outcomes)} outcomes (p95 held to it)`,
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
