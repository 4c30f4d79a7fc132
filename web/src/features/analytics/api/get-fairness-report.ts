// Per program: visits, Jain's index, largest deviation and each link against its fair share (admin).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ProgramFairness, TimeFilter } from "@hub/contract/analytics";
import { callApi } from "@/lib/api-client";
import { analyticsCacheOptions } from "../utils/time-ranges";
import { analyticsQueryKeys } from "./analytics-query-keys";

export function getFairnessReport(timeFilter: TimeFilter): Promise<ProgramFairness[]> {
  return callApi("fairnessReport", { query: { timeFilter } });
}

export function fairnessReportQueryOptions(timeFilter: TimeFilter) {
  return queryOptions({
    queryKey: analyticsQueryKeys.fairness(timeFilter),
    queryFn: () => getFairnessReport(timeFilter),
    ...analyticsCacheOptions(timeFilter),
  });
}

export function useFairnessReport(timeFilter: TimeFilter) {
  return useQuery(fairnessReportQueryOptions(timeFilter));
}
