// GET /api/programs – programs sorted by name (members: approved ones plus the unapproved ones they proposed).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { programListSchema, type Program } from "@hub/contract/programs";
import { apiRequest } from "@/lib/api-client";
import { STALE_TIMES } from "@/lib/query-client";

export function getPrograms(): Promise<Program[]> {
  return apiRequest("/api/programs", { schema: programListSchema });
}

export const programsQueryKey = ["programs"] as const;

export function programsQueryOptions() {
  return queryOptions({
    queryKey: programsQueryKey,
    queryFn: getPrograms,
    staleTime: STALE_TIMES.programs,
  });
}

export function usePrograms() {
  return useQuery(programsQueryOptions());
}
