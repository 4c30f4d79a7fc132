import type { AnalyticsReads, ProgramReads } from "./analytics.store";
import { daysOfHours, daysOfRange, dayRollupRanges, monthRollupRanges, monthsOfRange, type AnalyticsWindow } from "./analytics-window";

/** Which roll-ups a time window reads: by range over every program (readsFor), or by id for some (programReadsFor). */

/**
 * For 24h: its hours and the days they fall on, and which of those to read by id: the hours and days
 * before today (a day is folded once it is over, so today's hours are in its counters).
 */
function hourReads(hours: readonly string[]) {
  const hourDays = daysOfHours(hours);
  const today = hourDays.at(-1)!;
  return { hourDays, foldedHours: hours.filter((h) => h.slice(0, 10) < today), foldedHourDays: hourDays.filter((d) => d < today) };
}

export const readsFor = (window: AnalyticsWindow): AnalyticsReads => {
  if (window.kind === "days") return { days: dayRollupRanges(window.plan), months: monthRollupRanges(window.plan) };
  const { hourDays, foldedHourDays } = hourReads(window.hours);
  // the hour roll-ups in the window, whichever exist: a query costs what it finds
  return { days: [], months: [], hours: window.hours, hourDays, foldedHourDays };
};

/** The same roll-ups as readsFor, named day by day and month by month (all time: from `earliestMonth`). */
export function programReadsFor(window: AnalyticsWindow, earliestMonth: string): ProgramReads {
  if (window.kind === "hours") {
    const { hourDays, foldedHours, foldedHourDays } = hourReads(window.hours);
    return { days: [], months: [], hours: foldedHours, hourDays, foldedHourDays };
  }
  return {
    days: [...new Set(dayRollupRanges(window.plan).flatMap(daysOfRange))],
    months: [...new Set(monthRollupRanges(window.plan).flatMap((r) => monthsOfRange(r, earliestMonth)))],
    hours: [],
    hourDays: [],
    foldedHourDays: [],
  };
}
