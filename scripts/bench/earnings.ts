/**
 * npm run bench:earnings – a member's Earnings view, its CSV and their links list with 500 outcomes.
 *
 * Runs inside the local suite (npm run exec). Two members, seeded and measured in one run on one
 * machine, each with a link in every program (some programs with a referrer cap, so the links list
 * derives cap states on read):
 * - large: active@example.com, 500 outcomes dated over the current year (signed-up, paid with an
 *   amount in one of two currencies, now and then a claw-back);
 * - baseline: trialing@example.com, 10 outcomes of the same kinds.
 * Outcomes are recorded through the data layer's recordOutcomeOn, as the API records them: each in
 * its own transaction with its link's paid days and its program's monthly roll-up, one after
 * another (see seedProgram).
 * Then, through Hosting as the browser calls them, warm: GET /api/user/outcomes?year=,
 * GET /api/user/outcomes/export?year= and GET /api/user/links, BENCH_CALLS times each (20) per
 * member; prints the median and p95 beside the goal (< 1 s for 500 outcomes). Asserts nothing.
 */
import { createLink, createProgram, recordOutcomeOn, type NewOutcome } from "../../functions/src/toolkit";
import { utcDay } from "@hub/contract/dates";
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

/** `count` outcomes of the member, dated over this year's days so far, spread over the programs. */
function outcomesOf(count: number, programIds: string[], random: () => number): Map<string, NewOutcome[]> {
  const now = new Date();
  const yearStart = Date.UTC(now.getUTCFullYear(), 0, 1);
  const daysSoFar = Math.floor((now.getTime() - yearStart) / 86_400_000) + 1;
  const byProgram = new Map<string, NewOutcome[]>(programIds.map((id) => [id, []]));
  for (let i = 0; i < count; i++) {
    const occurredOn = utcDay(new Date(yearStart + Math.floor(random() * daysSoFar) * 86_400_000));
    const roll = random();
    const kind = roll < 0.5 ? "signed-up" : roll < 0.9 ? "paid" : "clawed-back";
    const currency = random() < 0.7 ? "USD" : "EUR";
    const outcome: NewOutcome =
      kind === "signed-up"
        ? { kind, occurredOn, amount: null, currency: null, note: null }
        : { kind, occurredOn, amount: 50 + Math.round(random() * 30_000) / 100, currency, note: i % 4 === 0 ? `Bonus ${String(i)}` : null };
    byProgram.get(programIds[i % programIds.length]!)!.push(outcome);
  }
  return byProgram;
}

/**
 * Each member's link in the program, then their outcomes there, one transaction after another: every
 * one reads the program and the owner's links and may write the program's counts. Run in parallel
 * (even one worker per program) they waited on each other's locks until the emulator gave up
 * ("Transaction lock timeout"), so the seed records them in turn.
 */
async function seedProgram(programId: string, members: { email: string; outcomes: NewOutcome[] }[]) {
  const now = new Date();
  const today = utcDay(now);
  for (const { email, outcomes } of members) {
    const link = await createLink(
      { programId, name: email, email, link: `https://refer.example.com/${programId}/${email}`, description: "Offer" },
      async () => undefined,
    );
    for (const outcome of outcomes)
      if (!(await recordOutcomeOn(link.id, email, outcome, today, now))) throw new Error(`outcome on ${link.id} not recorded`);
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
  const large = outcomesOf(LARGE.outcomes, programIds, seeded(31));
  const baseline = outcomesOf(BASELINE.outcomes, programIds, seeded(7));
  for (const id of programIds)
    await seedProgram(id, [
      { email: LARGE.email, outcomes: large.get(id)! },
      { email: BASELINE.email, outcomes: baseline.get(id)! },
    ]);
  process.stderr.write(
    `[bench] seeded ${String(LARGE.outcomes + BASELINE.outcomes)} outcomes on ${String(2 * PROGRAMS)} links in ${String(Math.round((Date.now() - started) / 1000))} s\n`,
  );
  const year = new Date().getUTCFullYear();
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
