import { DAILY_RECORD_DAYS, TIME_FILTERS, WINDOW_DAYS, type TimeFilter } from "@hub/contract/analytics";
import { STALE_TIMES } from "@/lib/query-client";

export const DEFAULT_TIME_RANGE: TimeFilter = "all";

const TIME_RANGE_LABELS: Record<TimeFilter, string> = {
  all: "All Time",
  "12mo": "Last 12 months",
  "3mo": "Last 3 months",
  "30d": "Last 30 days",
  "7d": "Last 7 days",
  "24h": "Last 24 hours",
};

/** The selector's entries with the specification's texts, longest range first. */
export const TIME_RANGE_OPTIONS: readonly { value: TimeFilter; label: string }[] = TIME_FILTERS.map((value) => ({
  value,
  label: TIME_RANGE_LABELS[value],
}));

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

const DAY_MS = 86_400_000;

/** The chart's days as UTC `YYYY-MM-DD`, oldest first, ending with `now`'s UTC day (the server's windows are UTC days). */
export function chartDays(range: TimeFilter, now: Date): string[] {
  const count = chartDayCount(range);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, index) => new Date(today - (count - 1 - index) * DAY_MS).toISOString().slice(0, 10));
}

/**
 * Freshness of the analytics calls: 2 minutes, except 24h, which is always refetched because today's
 * counts keep growing while the page is open.
 */
export function analyticsCacheOptions(range: TimeFilter): { staleTime: number; refetchOnMount: boolean | "always" } {
  return range === "24h" ? { staleTime: 0, refetchOnMount: "always" } : { staleTime: STALE_TIMES.analytics, refetchOnMount: true };
}
