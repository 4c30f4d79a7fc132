// Per program and per link: visits in the range against the outcomes members recorded in it (admin).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TimeFilter } from "@hub/contract/analytics";
import type { ProgramOutcomes } from "@hub/contract/outcomes";
import { callApi } from "@/lib/api-client";
import { analyticsCacheOptions } from "../utils/time-ranges";
import { analyticsQueryKeys } from "./analytics-query-keys";

export function getOutcomeAnalytics(timeFilter: TimeFilter): Promise<ProgramOutcomes[]> {
  return callApi("outcomeAnalytics", { query: { timeFilter } });
}

export function outcomeAnalyticsQueryOptions(timeFilter: TimeFilter) {
  return queryOptions({
    queryKey: analyticsQueryKeys.outcomes(timeFilter),
    queryFn: () => getOutcomeAnalytics(timeFilter),
    ...analyticsCacheOptions(timeFilter),
  });
}

export function useOutcomeAnalytics(timeFilter: TimeFilter) {
  return useQuery(outcomeAnalyticsQueryOptions(timeFilter));
}
