import { UTCDate } from "@date-fns/utc";
import { addDays, addMonths, endOfMonth, format, startOfMonth } from "date-fns";
import { DAILY_RECORD_DAYS, WINDOW_DAYS, type TimeFilter } from "../../contract/analytics";

/** UTC calendar days and months as the roll-ups key them: YYYY-MM-DD and YYYY-MM. */
const dayOf = (date: Date) => format(date, "yyyy-MM-dd");
const monthOf = (date: Date) => format(date, "yyyy-MM");
const parseDay = (day: string) => new UTCDate(`${day}T00:00:00Z`);
const shiftDay = (day: string, days: number) => dayOf(addDays(parseDay(day), days));

/** A range of days, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * What to read for one time range, so that every day of the window is counted exactly once:
 * - from `dailyFrom` to `today`: the day roll-ups and the unfolded counters, one record per day;
 * - before that (back to `start`, or all history): whole calendar months from the month roll-ups
 *   (`months`), and the days of months only partly in that stretch from the day roll-ups
 *   (`dayRanges`), one record per month either way.
 * So a year costs about 30 + 2 × 30 day documents and 12 month documents per program, not 365.
 */
export interface WindowPlan {
  today: string;
  /** First day in the window; null for all time. */
  start: string | null;
  dailyFrom: string;
  /** Whole months (YYYY-MM) before `dailyFrom`; `from` null means from the beginning. */
  months: { from: string | null; to: string } | null;
  dayRanges: DayRange[];
}

export function planWindow(filter: TimeFilter, now: Date): WindowPlan {
  const today = dayOf(new UTCDate(now));
  const start = filter === "all" ? null : shiftDay(today, 1 - WINDOW_DAYS[filter]);
  const lastDaily = shiftDay(today, 1 - DAILY_RECORD_DAYS);
  const dailyFrom = start !== null && start > lastDaily ? start : lastDaily;
  const plan: WindowPlan = { today, start, dailyFrom, months: null, dayRanges: [] };
  if (start !== null && start >= dailyFrom) return plan;

  const olderTo = shiftDay(dailyFrom, -1);
  const olderToDate = parseDay(olderTo);
  // the month that holds the last older day: whole if that day ends it, else read by days
  const lastWholeMonth = olderTo === dayOf(endOfMonth(olderToDate)) ? monthOf(olderToDate) : monthOf(addMonths(olderToDate, -1));
  if (lastWholeMonth !== monthOf(olderToDate)) plan.dayRanges.push({ from: dayOf(startOfMonth(olderToDate)), to: olderTo });
  let firstWholeMonth: string | null = null;
  if (start !== null) {
    const startDate = parseDay(start);
    firstWholeMonth = start === dayOf(startOfMonth(startDate)) ? monthOf(startDate) : monthOf(addMonths(startDate, 1));
    if (firstWholeMonth !== monthOf(startDate)) {
      const leadingEnd = dayOf(endOfMonth(startDate));
      const trailing = plan.dayRanges[0];
      // start and the last older day in one month: a single stretch of days
      if (trailing && trailing.from <= leadingEnd) trailing.from = start;
      else plan.dayRanges.unshift({ from: start, to: leadingEnd < olderTo ? leadingEnd : olderTo });
    }
  }
  if (firstWholeMonth === null || firstWholeMonth <= lastWholeMonth) plan.months = { from: firstWholeMonth, to: lastWholeMonth };
  return plan;
}

/** The record date a day's clicks go into: the day itself, its month's first day, or null outside the window. */
export function recordDateOf(plan: WindowPlan, day: string): string | null {
  if (day > plan.today || (plan.start !== null && day < plan.start)) return null;
  return day >= plan.dailyFrom ? day : `${day.slice(0, 7)}-01`;
}

/** The record date of a month roll-up's clicks. */
export const monthRecordDate = (month: string): string => `${month}-01`;
