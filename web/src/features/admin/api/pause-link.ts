// POST /api/links/{id}/pause – takes a link out of rotation for now (admin).
import { useMutation } from "@tanstack/react-query";
import { referralLinkSchema, type ReferralLink } from "@hub/contract/links";
import { apiRequest } from "@/lib/api-client";
import { linkActionMutationKey, linkPath, useInvalidateAdminData } from "./admin-cache";

export function pauseLink({ id }: { id: string }): Promise<ReferralLink> {
  return apiRequest(linkPath(id, "pause"), { method: "POST", schema: referralLinkSchema });
}

export function usePauseLink() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: linkActionMutationKey, mutationFn: pauseLink, onSuccess: invalidate });
}
