// The community that runs the hub (deployment configuration).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { readPublic } from "./api-client";
import { QUERY_KEYS } from "@/lib/query-keys";

export function communityQueryOptions() {
  return queryOptions({
    queryKey: QUERY_KEYS.community,
    queryFn: () => readPublic("getCommunity"),
    // it changes only with a deploy: one read per visit
    staleTime: Infinity,
  });
}

/** The community's name, join page and support address; undefined while loading or if the read failed. */
export function useCommunity() {
  return useQuery(communityQueryOptions());
}
