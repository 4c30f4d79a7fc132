// Clicks per link per UTC day (older parts of the range per month) (admin).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ClickRecord, TimeFilter } from "@hub/contract/analytics";
import { callApi } from "@/lib/api-client";
import { analyticsCacheOptions } from "../utils/time-ranges";
import { analyticsQueryKeys } from "./analytics-query-keys";

export function getAnalyticsClicks(timeFilter: TimeFilter): Promise<ClickRecord[]> {
  return callApi("clickAnalytics", { query: { timeFilter } });
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
