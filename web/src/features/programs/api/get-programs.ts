// Programs sorted by name (members: approved ones plus the unapproved ones they proposed).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { STALE_TIMES } from "@/lib/query-client";
import { QUERY_KEYS } from "@/lib/query-keys";

export function programsQueryOptions() {
  return queryOptions({
    queryKey: QUERY_KEYS.programs,
    queryFn: () => callApi("listPrograms"),
    staleTime: STALE_TIMES.programs,
  });
}

export function usePrograms() {
  return useQuery(programsQueryOptions());
}
