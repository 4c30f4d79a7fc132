// GET /api/analytics/users?timeFilter= – per link owner: clicks in the range and all time, shares, active links (admin).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { userAnalyticsListSchema, type TimeFilter, type UserAnalytics } from "@hub/contract/analytics";
import { apiRequest } from "@/lib/api-client";
import { analyticsCacheOptions } from "../utils/time-ranges";
import { analyticsQueryKeys } from "./analytics-query-keys";

export function getAnalyticsUsers(timeFilter: TimeFilter): Promise<UserAnalytics[]> {
  return apiRequest("/api/analytics/users", { query: { timeFilter }, schema: userAnalyticsListSchema });
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
