/**
 * npm run bench:caps – what the rotation's cap check costs a member with a long history.
 *
 * Needs nothing running: capState is a pure function the rotation runs for every capped link on every
 * refresh. A member with 90,000 paid outcomes in one program (60 a day for four years and more, far
 * beyond the 50-a-day limit, so an upper bound) under a rolling 12-month cap of 1,000 and a
 * calendar-year cap of 1,000, and under a cap of 5. The baseline is the check as first written (every
 * paid day against every candidate day, over every stored day), measured in the same run; "now" is
 * the link's whole availability (linkAvailability, which runs capState) over what a link stores
 * (keptPaidDays): the median of 201 calls after 20 warm-ups; the baseline once (it takes seconds).
 * Prints a table; asserts nothing.
 */
import "../lib/require-node-major"; // first: stops at once on a Node of another major
import { addDays } from "@hub/contract/dates";
import type { ReferrerCap } from "@hub/contract/programs";
import { keptPaidDays, linkAvailability } from "../../functions/src/toolkit";

const TODAY = "2026-11-27";
const PAID = 90_000;

/** The check as it was before paid days were bounded (commit 9bc10fa): quadratic in the days. */
function capStateAsItWas(paidOn: readonly string[], rule: ReferrerCap, today: string) {
  const start = (day: string) => (rule.period === "calendar-year" ? `${day.slice(0, 4)}-01-01` : addDays(day, -364));
  const inPeriod = (day: string) => paidOn.filter((d) => d >= start(day) && d <= day).length;
  const paid = inPeriod(today);
  if (paid < rule.count) return { reached: false, paid, count: rule.count };
  const last = Math.max(Number(today.slice(0, 4)), ...paidOn.map((d) => Number(d.slice(0, 4))));
  const years: string[] = [];
  for (let y = Number(today.slice(0, 4)) + 1; y <= last + 1; y++) years.push(`${String(y)}-01-01`);
  const candidates =
    rule.period === "calendar-year" ? years : [...new Set(paidOn.map((d) => addDays(d, 365)))].filter((d) => d > today).sort();
  return { reached: true, resumesOn: candidates.find((d) => inPeriod(d) < rule.count)! };
}

/** The median time of `runs` calls after `warmUps`, and the answer. */
function timed<T>(work: () => T, runs: number, warmUps: number): { ms: number; answer: T } {
  for (let i = 0; i < warmUps; i++) work();
  const times: number[] = [];
  let answer: T | undefined;
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    answer = work();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return { ms: times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!, answer: answer! };
}

// 90,000 paid days, oldest first, the newest today: 60 a day over 1,500 days
const history = Array.from({ length: PAID }, (_, i) => addDays(TODAY, -Math.floor((PAID - 1 - i) / 60)));
const stored = keptPaidDays(history, TODAY);

const caps: ReferrerCap[] = [
  { count: 1000, period: "rolling-12-months" },
  { count: 1000, period: "calendar-year" },
  { count: 5, period: "rolling-12-months" },
];
const rows = caps.map((cap) => {
  const was = timed(() => capStateAsItWas(history, cap, TODAY), 1, 0);
  const facts = {
    link: { approved: true, paused: false, isDead: false, failing: false, snoozedUntil: null, paidOn: stored },
    program: { approved: true, referrerCap: cap, offerEndsOn: null },
    ownerHeldBack: false,
  };
  const now = timed(() => linkAvailability(facts, TODAY).cap, 201, 20);
  return {
    cap: `${String(cap.count)} per ${cap.period}`,
    was: was.ms,
    now: now.ms,
    same: JSON.stringify(now.answer) === JSON.stringify(was.answer),
  };
});

console.log(
  `\nA member with ${PAID.toLocaleString("en")} paid outcomes in one program; a link stores ${String(stored.length)} of their days.\n`,
);
console.log("| Cap | Baseline: every stored day (ms) | Now: the kept days (ms) | Faster | Same answer |");
console.log("| --- | ---: | ---: | ---: | --- |");
for (const r of rows)
  console.log(`| ${r.cap} | ${r.was.toFixed(1)} | ${r.now.toFixed(3)} | ${(r.was / r.now).toFixed(0)}× | ${r.same ? "yes" : "NO"} |`);
