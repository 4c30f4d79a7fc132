// POST /api/links/{id}/mark-alive – reverses mark-dead (admin).
import { useMutation } from "@tanstack/react-query";
import { referralLinkSchema, type ReferralLink } from "@hub/contract/links";
import { apiRequest } from "@/lib/api-client";
import { linkActionMutationKey, linkPath, useInvalidateAdminData } from "./admin-cache";

export function markLinkAlive({ id }: { id: string }): Promise<ReferralLink> {
  return apiRequest(linkPath(id, "mark-alive"), { method: "POST", schema: referralLinkSchema });
}

export function useMarkLinkAlive() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: linkActionMutationKey, mutationFn: markLinkAlive, onSuccess: invalidate });
}
