import { TIME_FILTERS, type TimeFilter } from "@hub/contract/analytics";
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
 * Freshness of the analytics calls: 2 minutes, except 24h, which is always refetched because today's
 * counts keep growing while the page is open.
 */
export function analyticsCacheOptions(range: TimeFilter): { staleTime: number; refetchOnMount: boolean | "always" } {
  return range === "24h" ? { staleTime: 0, refetchOnMount: "always" } : { staleTime: STALE_TIMES.analytics, refetchOnMount: true };
}
