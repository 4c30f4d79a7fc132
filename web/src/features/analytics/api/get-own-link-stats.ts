// The member's own links: visits in the window against an equal share of their program's (member).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OwnLinkStatsResponse, TimeFilter } from "@hub/contract/analytics";
import { callApi } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";
import { analyticsCacheOptions } from "../utils/time-ranges";

export function getOwnLinkStats(timeFilter: TimeFilter): Promise<OwnLinkStatsResponse> {
  return callApi("ownLinkStats", { query: { timeFilter } });
}

/**
 * Filed under the member's links (`["user-links", "stats", range]`): a link submitted, edited or
 * deleted invalidates the list and these figures together. Fresh like the admin's analytics: 2
 * minutes, the last 24 hours always refetched.
 */
export function ownLinkStatsQueryOptions(timeFilter: TimeFilter) {
  return queryOptions({
    queryKey: [...QUERY_KEYS.ownLinks, "stats", timeFilter] as const,
    queryFn: () => getOwnLinkStats(timeFilter),
    ...analyticsCacheOptions(timeFilter),
  });
}

export function useOwnLinkStats(timeFilter: TimeFilter) {
  return useQuery(ownLinkStatsQueryOptions(timeFilter));
}
