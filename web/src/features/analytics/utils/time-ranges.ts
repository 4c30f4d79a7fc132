import { DAILY_RECORD_DAYS, HOURLY_WINDOW_HOURS, TIME_FILTERS, WINDOW_DAYS, type TimeFilter } from "@hub/contract/analytics";
import { STALE_TIMES } from "@/lib/query-client";
import { lastPeriods, type PeriodUnit } from "./periods";

export const DEFAULT_TIME_RANGE: TimeFilter = "all";

const TIME_RANGE_LABELS: Record<TimeFilter, string> = {
  all: "All Time",
  "12mo": "Last 12 months",
  "3mo": "Last 3 months",
  "30d": "Last 30 days",
  "7d": "Last 7 days",
  "24h": "Last 24 hours",
};

/** Selector entries for these ranges, with their fixed texts. */
export function timeRangeOptions<T extends TimeFilter>(values: readonly T[]): readonly { value: T; label: string }[] {
  return values.map((value) => ({ value, label: TIME_RANGE_LABELS[value] }));
}

/** The analytics selector's entries, longest range first. */
export const TIME_RANGE_OPTIONS = timeRangeOptions(TIME_FILTERS);

/** The ranges a member can choose for their own figures: all six the API counts, longest first like the analytics selector. */
export const MEMBER_TIME_FILTERS = TIME_FILTERS;
export type MemberTimeFilter = (typeof MEMBER_TIME_FILTERS)[number];
/** A month of visits says more about fairness than a day, and is still recent. */
export const DEFAULT_MEMBER_TIME_FILTER: MemberTimeFilter = "30d";
export const MEMBER_TIME_RANGE_OPTIONS = timeRangeOptions(MEMBER_TIME_FILTERS);

export function isMemberTimeFilter(value: string | null): value is MemberTimeFilter {
  return (MEMBER_TIME_FILTERS as readonly (string | null)[]).includes(value);
}

export function isTimeFilter(value: string | null): value is TimeFilter {
  return (TIME_FILTERS as readonly (string | null)[]).includes(value);
}

/**
 * Days the Daily Clicks chart covers: 1 for 24h, 7 for 7d, else 30. Longer ranges stop at 30 because
 * older clicks come as monthly records, which have no day to be drawn on.
 */
export function chartDayCount(range: TimeFilter): number {
  if (range === "24h") return 1;
  return range === "all" ? DAILY_RECORD_DAYS : Math.min(WINDOW_DAYS[range], DAILY_RECORD_DAYS);
}

/** The periods a chart draws, oldest first, each a key of `periods.ts`. */
export interface ChartPeriods {
  unit: PeriodUnit;
  keys: string[];
}

/**
 * The Daily Clicks chart's periods, ending with `now`'s. Its 1 day for 24h is the last 24 hours as
 * the server counts them, in hourly buckets (the current, partial, hour and the 23 before it); the
 * other ranges are UTC days, as the server's windows are.
 */
export function chartPeriods(range: TimeFilter, now: Date): ChartPeriods {
  if (range === "24h") return { unit: "hour", keys: lastPeriods("hour", HOURLY_WINDOW_HOURS, now) };
  return { unit: "day", keys: lastPeriods("day", chartDayCount(range), now) };
}

/**
 * Freshness of the analytics calls: 2 minutes, except 24h, which is always refetched because today's
 * counts keep growing while the page is open.
 */
export function analyticsCacheOptions(range: TimeFilter): { staleTime: number; refetchOnMount: boolean | "always" } {
  return range === "24h" ? { staleTime: 0, refetchOnMount: "always" } : { staleTime: STALE_TIMES.analytics, refetchOnMount: true };
}
