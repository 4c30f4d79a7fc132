// The member's own links (dead first, then pending, then newest).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { callApi } from "@/lib/api-client";
import { STALE_TIMES } from "@/lib/query-client";
import { sortOwnLinks } from "../utils/sort-own-links";
import { QUERY_KEYS } from "@/lib/query-keys";

export function ownLinksQueryOptions() {
  return queryOptions({
    queryKey: QUERY_KEYS.ownLinks,
    queryFn: () => callApi("listOwnLinks"),
    staleTime: STALE_TIMES.ownLinks,
    // The server already orders them; sorting again keeps the spec's order whatever it sends.
    select: sortOwnLinks,
  });
}

export function useOwnLinks() {
  return useQuery(ownLinksQueryOptions());
}

/**
 * The programs the member already has a link in: undefined while their links are loading, so no
 * picker offers one of them meanwhile. A failed load takes none (the server still refuses a second link).
 */
export function useTakenProgramIds(): readonly string[] | undefined {
  const { data, isLoading } = useOwnLinks();
  return useMemo(() => (isLoading ? undefined : (data ?? []).map((link) => link.programId)), [data, isLoading]);
}
