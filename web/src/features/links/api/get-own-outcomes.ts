// The member's outcomes of one year, with totals (the Earnings view).
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";

export function ownOutcomesQueryOptions(year: number) {
  return queryOptions({
    queryKey: [...QUERY_KEYS.ownOutcomes, year],
    queryFn: () => callApi("listOwnOutcomes", { query: { year: String(year) } }),
  });
}

/** Keeps the year shown until the next one has come (no flash of an empty table between years). */
export function useOwnOutcomes(year: number) {
  return useQuery({ ...ownOutcomesQueryOptions(year), placeholderData: keepPreviousData });
}
