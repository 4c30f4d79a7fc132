// GET /api/links – every referral link with its program name and owner, newest first (admin).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { referralLinkListSchema, type ReferralLink } from "@hub/contract/links";
import { apiRequest } from "@/lib/api-client";
import { ADMIN_DATA_KEYS } from "./admin-cache";

export function getLinks(): Promise<ReferralLink[]> {
  return apiRequest("/api/links", { schema: referralLinkListSchema });
}

export function linksQueryOptions() {
  return queryOptions({ queryKey: ADMIN_DATA_KEYS.links, queryFn: getLinks });
}

export function useLinks() {
  return useQuery(linksQueryOptions());
}
