import type { ClickRecord, ProgramTraffic } from "@hub/contract/analytics";
import { addReasons, noReasons, totalOf, type ReasonCounts } from "../visits/traffic-counts";
import { daysOfHours, dayRollupRanges, monthRollupRanges, recordDateOf, type AnalyticsWindow, type DayRange } from "./analytics-window";
import type { TrafficReads, TrafficTally } from "./traffic.store";

/*
 * The traffic report (docs/architecture.md, *Honest counts*): per program, every request to its rotation address
 * in the window, the counted ones and the others by reason. The window is the one every analytics
 * answer uses (analytics-window.ts), and its days are counted once each as the click records count
 * them: the last days from day roll-ups and unfolded shards, older ones from whole months' roll-ups,
 * day roll-ups, or a month's roll-up less the days outside the window.
 */

/** What to read for a window: the same stretches of roll-ups as the click records. */
export function trafficReadsFor(window: AnalyticsWindow): TrafficReads {
  return window.kind === "hours"
    ? { days: [], months: [], hourDays: daysOfHours(window.hours) }
    : { days: dayRollupRanges(window.plan), months: monthRollupRanges(window.plan), hourDays: [] };
}

const inRange = (day: string, range: DayRange) => day >= range.from && day <= range.to;

/**
 * How many times a tally counts in the window: 0 (outside), 1, or for a day a month part leaves out,
 * -1 (subtracted from that month's roll-up) on top of its own +1 when it is also one of the daily
 * days. Month roll-ups hold folded days only, as the day roll-ups subtracted from them; an unfolded
 * shard is in neither, so it only ever adds. (The same placement as the click records'.)
 */
export function weightInWindow(window: AnalyticsWindow, tally: Pick<TrafficTally, "kind" | "period">): number {
  if (window.kind === "hours") return tally.kind === "hour" && window.hours.includes(tally.period) ? 1 : 0;
  if (tally.kind === "hour") return 0;
  const { plan } = window;
  if (tally.kind === "month") {
    if (plan.parts.some((p) => p.month === tally.period)) return 1;
    const whole = plan.months && (plan.months.from === null || tally.period >= plan.months.from) && tally.period <= plan.months.to;
    return whole ? 1 : 0;
  }
  const day = tally.period;
  let weight = 0;
  if (
    recordDateOf(plan, day) !== null &&
    (tally.kind === "counter" || day >= plan.dailyFrom || plan.dayRanges.some((r) => inRange(day, r)))
  )
    weight += 1;
  if (tally.kind === "day") for (const part of plan.parts) if (part.less.some((r) => inRange(day, r))) weight -= 1;
  return weight;
}

/** Each program's requests not counted in the window, by reason. */
export function notCountedIn(window: AnalyticsWindow, tallies: readonly TrafficTally[]): Map<string, ReasonCounts> {
  const byProgram = new Map<string, ReasonCounts>();
  for (const tally of tallies) {
    const weight = weightInWindow(window, tally);
    if (weight === 0) continue;
    let counts = byProgram.get(tally.programId);
    if (!counts) byProgram.set(tally.programId, (counts = noReasons()));
    addReasons(counts, tally.counts, weight);
  }
  return byProgram;
}

/** Each program's counted visits in the window: its click records summed (the clicks analytics' own figures). */
export function countedByProgram(records: readonly ClickRecord[]): Map<string, number> {
  const counted = new Map<string, number>();
  for (const record of records) counted.set(record.programId, (counted.get(record.programId) ?? 0) + (record.totalClicks ?? 1));
  return counted;
}

/** The repeats' share of all requests, three decimals; null with no request. */
export const filteredShareOf = (notCounted: ReasonCounts, requests: number): number | null =>
  requests > 0 ? Math.round(((notCounted.repeatVisitor + notCounted.repeatAddress) / requests) * 1000) / 1000 : null;

/** The programs (that still exist) with any request in the window, by name. */
export function trafficReport(
  programs: readonly { id: string; name: string }[],
  counted: ReadonlyMap<string, number>,
  notCounted: ReadonlyMap<string, ReasonCounts>,
): ProgramTraffic[] {
  return programs
    .map((program) => {
      const reasons = notCounted.get(program.id) ?? noReasons();
      const countedVisits = counted.get(program.id) ?? 0;
      const requests = countedVisits + totalOf(reasons);
      return {
        programId: program.id,
        programName: program.name,
        requests,
        counted: countedVisits,
        notCounted: { ...reasons },
        filteredShare: filteredShareOf(reasons, requests),
      };
    })
    .filter((row) => row.requests > 0)
    .sort((a, b) => a.programName.localeCompare(b.programName) || a.programId.localeCompare(b.programId));
}
