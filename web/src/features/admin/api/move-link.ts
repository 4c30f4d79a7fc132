// POST /api/links/{id}/move – moves a link to another program; 409 if the owner already has one there (admin).
import { useMutation } from "@tanstack/react-query";
import { moveLinkRequestSchema, referralLinkSchema, type ReferralLink } from "@hub/contract/links";
import { apiRequest } from "@/lib/api-client";
import { linkActionMutationKey, linkPath, useInvalidateAdminData } from "./admin-cache";

export function moveLink({ id, programId }: { id: string; programId: string }): Promise<ReferralLink> {
  const body = moveLinkRequestSchema.parse({ programId });
  return apiRequest(linkPath(id, "move"), { method: "POST", body, schema: referralLinkSchema });
}

export function useMoveLink() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: linkActionMutationKey, mutationFn: moveLink, onSuccess: invalidate });
}
