// The dashboard's totals and every program's clicks, links and active links in a range (admin).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AnalyticsOverview, TimeFilter } from "@hub/contract/analytics";
import { callApi } from "@/lib/api-client";
import { analyticsCacheOptions } from "../utils/time-ranges";
import { analyticsQueryKeys } from "./analytics-query-keys";

export function getAnalyticsOverview(timeFilter: TimeFilter): Promise<AnalyticsOverview> {
  return callApi("analyticsOverview", { query: { timeFilter } });
}

export function analyticsOverviewQueryOptions(timeFilter: TimeFilter) {
  return queryOptions({
    queryKey: analyticsQueryKeys.overview(timeFilter),
    queryFn: () => getAnalyticsOverview(timeFilter),
    ...analyticsCacheOptions(timeFilter),
  });
}

export function useAnalyticsOverview(timeFilter: TimeFilter) {
  return useQuery(analyticsOverviewQueryOptions(timeFilter));
}
