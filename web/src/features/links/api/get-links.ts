// Every referral link with its program name and owner, newest first (admin).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";

export function linksQueryOptions() {
  return queryOptions({ queryKey: QUERY_KEYS.links, queryFn: () => callApi("listLinks") });
}

export function useLinks() {
  return useQuery(linksQueryOptions());
}
