// POST /api/links/{id}/mark-dead – marks a link dead; the owner gets an e-mail with the optional note (admin).
import { useMutation } from "@tanstack/react-query";
import { markDeadRequestSchema, referralLinkSchema, type ReferralLink } from "@hub/contract/links";
import { apiRequest } from "@/lib/api-client";
import { linkActionMutationKey, linkPath, useInvalidateAdminData } from "./admin-cache";

export interface MarkLinkDeadInput {
  id: string;
  note?: string | undefined;
}

export function markLinkDead({ id, note }: MarkLinkDeadInput): Promise<ReferralLink> {
  const body = markDeadRequestSchema.parse(note?.trim() ? { note } : {});
  return apiRequest(linkPath(id, "mark-dead"), { method: "POST", body, schema: referralLinkSchema });
}

export function useMarkLinkDead() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: linkActionMutationKey, mutationFn: markLinkDead, onSuccess: invalidate });
}
