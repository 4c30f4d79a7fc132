// One program's clicks per hour, day, week or month of a range, and each of its links' clicks (admin).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ProgramClickAnalytics, TimeFilter } from "@hub/contract/analytics";
import { callApi } from "@/lib/api-client";
import { analyticsCacheOptions } from "../utils/time-ranges";
import { analyticsQueryKeys } from "./analytics-query-keys";

export function getProgramClickAnalytics(programId: string, timeFilter: TimeFilter): Promise<ProgramClickAnalytics> {
  return callApi("programClickAnalytics", { params: { id: programId }, query: { timeFilter } });
}

export function programClickAnalyticsQueryOptions(programId: string, timeFilter: TimeFilter) {
  return queryOptions({
    queryKey: analyticsQueryKeys.program(programId, timeFilter),
    queryFn: () => getProgramClickAnalytics(programId, timeFilter),
    ...analyticsCacheOptions(timeFilter),
  });
}

export function useProgramClickAnalytics(programId: string, timeFilter: TimeFilter) {
  return useQuery(programClickAnalyticsQueryOptions(programId, timeFilter));
}
