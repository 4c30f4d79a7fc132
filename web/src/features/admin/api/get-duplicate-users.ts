// GET /api/admin/duplicate-users – accounts whose e-mails match after trimming and lower-casing; the first of a group is the primary (admin).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { duplicateGroupListSchema } from "@hub/contract/users";
import { apiRequest } from "@/lib/api-client";
import { STALE_TIMES } from "@/lib/query-client";
import { ADMIN_DATA_KEYS } from "./admin-cache";

export type DuplicateGroup = z.output<typeof duplicateGroupListSchema>[number];

export function getDuplicateUsers(): Promise<DuplicateGroup[]> {
  return apiRequest("/api/admin/duplicate-users", { schema: duplicateGroupListSchema });
}

export function duplicateUsersQueryOptions() {
  return queryOptions({ queryKey: ADMIN_DATA_KEYS.duplicateUsers, queryFn: getDuplicateUsers, staleTime: STALE_TIMES.duplicateUsers });
}

export function useDuplicateUsers() {
  return useQuery(duplicateUsersQueryOptions());
}
