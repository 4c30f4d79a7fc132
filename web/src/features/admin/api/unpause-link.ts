// POST /api/links/{id}/unpause – puts a paused link back into rotation (admin).
import { useMutation } from "@tanstack/react-query";
import { referralLinkSchema, type ReferralLink } from "@hub/contract/links";
import { apiRequest } from "@/lib/api-client";
import { linkActionMutationKey, linkPath, useInvalidateAdminData } from "./admin-cache";

export function unpauseLink({ id }: { id: string }): Promise<ReferralLink> {
  return apiRequest(linkPath(id, "unpause"), { method: "POST", schema: referralLinkSchema });
}

export function useUnpauseLink() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: linkActionMutationKey, mutationFn: unpauseLink, onSuccess: invalidate });
}
