// GET /api/public/community – the community that runs the hub (deployment configuration).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { communitySchema, type Community } from "@hub/contract/community";
import { apiRequest } from "./api-client";

export function getCommunity(): Promise<Community> {
  return apiRequest("/api/public/community", { schema: communitySchema });
}

export function communityQueryOptions() {
  return queryOptions({
    queryKey: ["community"] as const,
    queryFn: getCommunity,
    // it changes only with a deploy: one read per visit
    staleTime: Infinity,
  });
}

/** The community's name, join page and support address; undefined while loading or if the read failed. */
export function useCommunity() {
  return useQuery(communityQueryOptions());
}
