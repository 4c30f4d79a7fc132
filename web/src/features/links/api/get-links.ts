// Every referral link with its program name and owner, newest first (admin).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";

export function getLinks() {
  return callApi("listLinks");
}

export function linksQueryOptions() {
  return queryOptions({ queryKey: QUERY_KEYS.links, queryFn: getLinks });
}

export function useLinks() {
  return useQuery(linksQueryOptions());
}
