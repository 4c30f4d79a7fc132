// Per program: visits, Jain's index and largest deviation; and, when a row opens, its links against their fair share (admin).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { LinkFairness, ProgramFairness, TimeFilter } from "@hub/contract/analytics";
import { callApi } from "@/lib/api-client";
import { analyticsCacheOptions } from "../utils/time-ranges";
import { analyticsQueryKeys } from "./analytics-query-keys";

/** Every program's row without its links: the table's, a few hundred bytes a program whatever its links. */
export function getFairnessReport(timeFilter: TimeFilter): Promise<ProgramFairness[]> {
  return callApi("fairnessReport", { query: { timeFilter, links: "omit" } });
}

/** One program's links in the report (none when the program is gone). */
export async function getProgramFairnessLinks(programId: string, timeFilter: TimeFilter): Promise<LinkFairness[]> {
  const rows = await callApi("fairnessReport", { query: { timeFilter, programId } });
  return rows[0]?.links ?? [];
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

export function useProgramFairnessLinks(programId: string, timeFilter: TimeFilter) {
  return useQuery({
    queryKey: analyticsQueryKeys.fairnessLinks(programId, timeFilter),
    queryFn: () => getProgramFairnessLinks(programId, timeFilter),
    ...analyticsCacheOptions(timeFilter),
  });
}
