import { UTCDate } from "@date-fns/utc";
import { addDays, addMonths, differenceInCalendarDays, endOfMonth, format } from "date-fns";
import { DAILY_RECORD_DAYS, HOURLY_WINDOW_HOURS, WINDOW_DAYS, type TimeFilter } from "@hub/contract/analytics";

/** UTC calendar days and months as the roll-ups key them: YYYY-MM-DD and YYYY-MM. */
const dayOf = (date: Date) => format(date, "yyyy-MM-dd");
const parseDay = (day: string) => new UTCDate(`${day}T00:00:00Z`);
const shiftDay = (day: string, days: number) => dayOf(addDays(parseDay(day), days));
const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
const lastOfMonth = (day: string) => dayOf(endOfMonth(parseDay(day)));
const nextMonthStart = (day: string) => shiftDay(lastOfMonth(day), 1);
export const daysIn = (range: DayRange) => differenceInCalendarDays(parseDay(range.to), parseDay(range.from)) + 1;

/** A range of days (or months), both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * A month only partly in the window's older stretch, counted as its month roll-up minus the day
 * roll-ups of the days outside the part (`less`): cheaper than reading the part's days when those
 * are fewer, or are read anyway (the last 30 days).
 */
export interface MonthPart extends DayRange {
  month: string;
  less: DayRange[];
}

/**
 * What to read for one time range, so that every day of the window is counted exactly once:
 * - from `dailyFrom` to `today`: the day roll-ups and the unfolded counters, one record per day;
 * - before that (back to `start`, or all history), one record per link per month, from: whole months'
 *   roll-ups (`months`); the day roll-ups of `dayRanges`; or month roll-ups less some days (`parts`).
 * So a year costs about 30 + 15 day documents and 13 month documents per program, not 365.
 */
export interface WindowPlan {
  today: string;
  /** First day in the window; null for all time. */
  start: string | null;
  dailyFrom: string;
  /** Whole months (YYYY-MM) before `dailyFrom`; `from` null means from the first. */
  months: { from: string | null; to: string } | null;
  dayRanges: DayRange[];
  parts: MonthPart[];
}

/** The cheaper way to count the days `from`..`to` of one month: those days, or the month less the others. */
function countPart(plan: WindowPlan, from: string, to: string): void {
  const month = from.slice(0, 7);
  const less: DayRange[] = [];
  if (from > firstOfMonth(from)) less.push({ from: firstOfMonth(from), to: shiftDay(from, -1) });
  if (to < lastOfMonth(from)) less.push({ from: shiftDay(to, 1), to: lastOfMonth(from) });
  // days from dailyFrom on are read anyway, and days after today hold nothing
  const extraReads = less.reduce(
    (n, r) =>
      n + (r.from >= plan.dailyFrom ? 0 : daysIn({ from: r.from, to: r.to < plan.dailyFrom ? r.to : shiftDay(plan.dailyFrom, -1) })),
    0,
  );
  if (extraReads < daysIn({ from, to })) plan.parts.push({ month, from, to, less });
  else plan.dayRanges.push({ from, to });
}

export function planWindow(filter: Exclude<TimeFilter, "24h">, now: Date): WindowPlan {
  const today = dayOf(new UTCDate(now));
  const start = filter === "all" ? null : shiftDay(today, 1 - WINDOW_DAYS[filter]);
  const lastDaily = shiftDay(today, 1 - DAILY_RECORD_DAYS);
  const dailyFrom = start !== null && start > lastDaily ? start : lastDaily;
  const plan: WindowPlan = { today, start, dailyFrom, months: null, dayRanges: [], parts: [] };
  if (start !== null && start >= dailyFrom) return plan;

  // the older stretch, start (or the beginning) to olderTo, split at month boundaries
  const olderTo = shiftDay(dailyFrom, -1);
  const wholeFrom = start === null ? null : start === firstOfMonth(start) ? start : nextMonthStart(start);
  const wholeTo = olderTo === lastOfMonth(olderTo) ? olderTo : shiftDay(firstOfMonth(olderTo), -1);
  if (start !== null && wholeFrom! > wholeTo) {
    // no whole month: the stretch lies in one month, or in the two around one boundary
    if (start.slice(0, 7) === olderTo.slice(0, 7)) countPart(plan, start, olderTo);
    else {
      countPart(plan, start, lastOfMonth(start));
      countPart(plan, firstOfMonth(olderTo), olderTo);
    }
    return plan;
  }
  if (start !== null && start !== wholeFrom) countPart(plan, start, lastOfMonth(start));
  plan.months = { from: wholeFrom === null ? null : wholeFrom.slice(0, 7), to: wholeTo.slice(0, 7) };
  if (olderTo !== wholeTo) countPart(plan, firstOfMonth(olderTo), olderTo);
  return plan;
}

/** The record date a day's clicks go into: the day itself, its month's first day, or null outside the window. */
export function recordDateOf(plan: WindowPlan, day: string): string | null {
  if (day > plan.today || (plan.start !== null && day < plan.start)) return null;
  return day >= plan.dailyFrom ? day : firstOfMonth(day);
}

/** The record date of a month's clicks. */
export const monthRecordDate = (month: string): string => `${month}-01`;

/** Every stretch of day roll-ups the plan needs: the daily one, the older days, and those to subtract. */
export function dayRollupRanges(plan: WindowPlan): DayRange[] {
  const subtract = plan.parts
    .flatMap((p) => p.less)
    .filter((r) => r.from < plan.dailyFrom)
    .map((r) => ({ from: r.from, to: r.to < plan.dailyFrom ? r.to : shiftDay(plan.dailyFrom, -1) }));
  return [{ from: plan.dailyFrom, to: plan.today }, ...plan.dayRanges, ...subtract];
}

/** Every stretch of month roll-ups the plan needs (YYYY-MM; `from` null: from the first). */
export function monthRollupRanges(plan: WindowPlan): { from: string | null; to: string }[] {
  return [...(plan.months ? [plan.months] : []), ...plan.parts.map((p) => ({ from: p.month, to: p.month }))];
}

/**
 * A window as analytics reads it: UTC days (the plan above), or for `24h` the last 24 hours to the
 * hour: the current, partial, hour and the 23 before it, as ISO starts, oldest first.
 */
export type AnalyticsWindow = { kind: "days"; plan: WindowPlan } | { kind: "hours"; hours: string[] };

const HOUR_MS = 3_600_000;

export function lastHours(now: Date): string[] {
  const current = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  return Array.from({ length: HOURLY_WINDOW_HOURS }, (_, i) => new Date(current - (HOURLY_WINDOW_HOURS - 1 - i) * HOUR_MS).toISOString());
}

export const windowOf = (filter: TimeFilter, now: Date): AnalyticsWindow =>
  filter === "24h" ? { kind: "hours", hours: lastHours(now) } : { kind: "days", plan: planWindow(filter, now) };

/** The UTC days (YYYY-MM-DD) the hours fall on: yesterday's and today's. */
export const daysOfHours = (hours: readonly string[]): string[] => [...new Set(hours.map((h) => h.slice(0, 10)))];

/** The ISO start of hour HH ("00".."23") of a UTC day. */
export const hourStart = (day: string, hour: string): string => `${day}T${hour}:00:00.000Z`;

/**
 * The periods of a link's series in a window (per hour for 24h, per day up to 30d, per
 * month beyond): the period each record date belongs to, and every period of the window, oldest
 * first (for `all`, from the first one with visits or a share, `earliest`).
 */
export interface SeriesPeriods {
  keyOf: (clickDate: string) => string;
  periods: (earliest: string | null) => string[];
}

export function seriesPeriods(window: AnalyticsWindow): SeriesPeriods {
  if (window.kind === "hours") return { keyOf: (hour) => hour, periods: () => window.hours };
  const { plan } = window;
  if (plan.start !== null && daysIn({ from: plan.start, to: plan.today }) <= DAILY_RECORD_DAYS) {
    const start = plan.start;
    return {
      keyOf: (day) => day,
      periods: () => Array.from({ length: daysIn({ from: start, to: plan.today }) }, (_, i) => shiftDay(start, i)),
    };
  }
  return {
    keyOf: firstOfMonth,
    periods: (earliest) => {
      const from =
        plan.start !== null ? firstOfMonth(plan.start) : earliest !== null && earliest < plan.today ? earliest : firstOfMonth(plan.today);
      const months: string[] = [];
      for (let month = from; month <= plan.today; month = dayOf(addMonths(parseDay(month), 1))) months.push(month);
      return months;
    },
  };
}

/** Every day of a range, oldest first. */
export const daysOfRange = (range: DayRange): string[] =>
  Array.from({ length: Math.max(0, daysIn(range)) }, (_, i) => shiftDay(range.from, i));

/** Every month (YYYY-MM) of a range of months; `from` null: from `earliest`. */
export function monthsOfRange(range: { from: string | null; to: string }, earliest: string): string[] {
  const months: string[] = [];
  for (let month = range.from ?? earliest; month <= range.to; month = dayOf(addMonths(parseDay(`${month}-01`), 1)).slice(0, 7))
    months.push(month);
  return months;
}
