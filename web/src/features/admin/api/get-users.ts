// Every user with link count, notes, payment IDs and subscription status, sorted by username (admin).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { ADMIN_DATA_KEYS } from "./admin-cache";

export function getUsers() {
  return callApi("listUsers");
}

export function usersQueryOptions() {
  return queryOptions({ queryKey: ADMIN_DATA_KEYS.users, queryFn: getUsers });
}

export function useUsers() {
  return useQuery(usersQueryOptions());
}
