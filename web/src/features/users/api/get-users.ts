// Every user with link count, notes, payment IDs and subscription status, sorted by username (admin).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";

export function usersQueryOptions() {
  return queryOptions({ queryKey: QUERY_KEYS.users, queryFn: () => callApi("listUsers") });
}

export function useUsers() {
  return useQuery(usersQueryOptions());
}
