// Per program: requests to its rotation address, counted and not counted by reason (admin).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ProgramTraffic, TimeFilter } from "@hub/contract/analytics";
import { callApi } from "@/lib/api-client";
import { analyticsCacheOptions } from "../utils/time-ranges";
import { analyticsQueryKeys } from "./analytics-query-keys";

export function getTrafficReport(timeFilter: TimeFilter): Promise<ProgramTraffic[]> {
  return callApi("trafficReport", { query: { timeFilter } });
}

export function trafficReportQueryOptions(timeFilter: TimeFilter) {
  return queryOptions({
    queryKey: analyticsQueryKeys.traffic(timeFilter),
    queryFn: () => getTrafficReport(timeFilter),
    ...analyticsCacheOptions(timeFilter),
  });
}

export function useTrafficReport(timeFilter: TimeFilter) {
  return useQuery(trafficReportQueryOptions(timeFilter));
}
