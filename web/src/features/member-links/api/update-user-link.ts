// PATCH /api/user/links/{id} – edits the link or offer details; a new URL puts the link back into review.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { referralLinkSchema, type ReferralLink, type UpdateLinkRequest } from "@hub/contract/links";
import { apiRequest } from "@/lib/api-client";
import { invalidateLinkQueries } from "./invalidate-link-queries";

export interface UpdateUserLinkInput {
  id: string;
  changes: UpdateLinkRequest;
}

export function updateUserLink({ id, changes }: UpdateUserLinkInput): Promise<ReferralLink> {
  return apiRequest(`/api/user/links/${encodeURIComponent(id)}`, { method: "PATCH", body: changes, schema: referralLinkSchema });
}

export function useUpdateUserLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserLink,
    onSuccess: () => invalidateLinkQueries(queryClient),
  });
}
