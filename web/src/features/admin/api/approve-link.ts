// POST /api/links/{id}/approve – puts a pending link into rotation (admin).
import { useMutation } from "@tanstack/react-query";
import { referralLinkSchema, type ReferralLink } from "@hub/contract/links";
import { apiRequest } from "@/lib/api-client";
import { linkActionMutationKey, linkPath, useInvalidateAdminData } from "./admin-cache";

export function approveLink({ id }: { id: string }): Promise<ReferralLink> {
  return apiRequest(linkPath(id, "approve"), { method: "POST", schema: referralLinkSchema });
}

export function useApproveLink() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: linkActionMutationKey, mutationFn: approveLink, onSuccess: invalidate });
}
