// Per program: visits in the range against the outcomes members recorded in it; and, when a row opens, its links (admin).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TimeFilter } from "@hub/contract/analytics";
import type { ProgramOutcomes } from "@hub/contract/outcomes";
import { callApi } from "@/lib/api-client";
import { analyticsCacheOptions } from "../utils/time-ranges";
import { analyticsQueryKeys } from "./analytics-query-keys";

export type OutcomeLink = NonNullable<ProgramOutcomes["links"]>[number];

/** Every program's row without its links: the table's, a few hundred bytes a program whatever its links. */
export function getOutcomeAnalytics(timeFilter: TimeFilter): Promise<ProgramOutcomes[]> {
  return callApi("outcomeAnalytics", { query: { timeFilter, links: "omit" } });
}

/** One program's links in the report (none when the program is gone). */
export async function getProgramOutcomeLinks(programId: string, timeFilter: TimeFilter): Promise<OutcomeLink[]> {
  const rows = await callApi("outcomeAnalytics", { query: { timeFilter, programId } });
  return rows[0]?.links ?? [];
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

export function useProgramOutcomeLinks(programId: string, timeFilter: TimeFilter) {
  return useQuery({
    queryKey: analyticsQueryKeys.outcomeLinks(programId, timeFilter),
    queryFn: () => getProgramOutcomeLinks(programId, timeFilter),
    ...analyticsCacheOptions(timeFilter),
  });
}
