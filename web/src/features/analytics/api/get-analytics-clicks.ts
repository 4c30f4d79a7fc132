// GET /api/analytics/clicks?timeFilter= – clicks per link per UTC day (older parts of the range per month) (admin).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { clickRecordListSchema, type ClickRecord, type TimeFilter } from "@hub/contract/analytics";
import { apiRequest } from "@/lib/api-client";
import { analyticsCacheOptions } from "../utils/time-ranges";
import { analyticsQueryKeys } from "./analytics-query-keys";

export function getAnalyticsClicks(timeFilter: TimeFilter): Promise<ClickRecord[]> {
  return apiRequest("/api/analytics/clicks", { query: { timeFilter }, schema: clickRecordListSchema });
}

export function analyticsClicksQueryOptions(timeFilter: TimeFilter) {
  return queryOptions({
    queryKey: analyticsQueryKeys.clicks(timeFilter),
    queryFn: () => getAnalyticsClicks(timeFilter),
    ...analyticsCacheOptions(timeFilter),
  });
}

export function useAnalyticsClicks(timeFilter: TimeFilter) {
  return useQuery(analyticsClicksQueryOptions(timeFilter));
}
