// Accounts whose e-mails match after trimming and lower-casing; the first of a group is the primary (admin).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RouteOutput } from "@hub/contract/routes";
import { callApi } from "@/lib/api-client";
import { STALE_TIMES } from "@/lib/query-client";
import { QUERY_KEYS } from "@/lib/query-keys";

export type DuplicateGroup = RouteOutput<"listDuplicateUsers">[number];

export function getDuplicateUsers(): Promise<DuplicateGroup[]> {
  return callApi("listDuplicateUsers");
}

export function duplicateUsersQueryOptions() {
  return queryOptions({ queryKey: QUERY_KEYS.duplicateUsers, queryFn: getDuplicateUsers, staleTime: STALE_TIMES.duplicateUsers });
}

export function useDuplicateUsers() {
  return useQuery(duplicateUsersQueryOptions());
}
