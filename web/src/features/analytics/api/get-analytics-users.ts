// Per link owner: clicks in the range and all time, shares, active links (admin).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TimeFilter, UserAnalytics } from "@hub/contract/analytics";
import { callApi } from "@/lib/api-client";
import { analyticsCacheOptions } from "../utils/time-ranges";
import { analyticsQueryKeys } from "./analytics-query-keys";

export function getAnalyticsUsers(timeFilter: TimeFilter): Promise<UserAnalytics[]> {
  return callApi("userAnalytics", { query: { timeFilter } });
}

export function analyticsUsersQueryOptions(timeFilter: TimeFilter) {
  return queryOptions({
    queryKey: analyticsQueryKeys.users(timeFilter),
    queryFn: () => getAnalyticsUsers(timeFilter),
    ...analyticsCacheOptions(timeFilter),
  });
}

export function useAnalyticsUsers(timeFilter: TimeFilter) {
  return useQuery(analyticsUsersQueryOptions(timeFilter));
}
