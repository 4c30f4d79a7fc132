// POST /api/user/links – the dashboard's 'Submit New Link' dialog.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { referralLinkSchema, type CreateMemberLinkRequest, type ReferralLink } from "@hub/contract/links";
import { apiRequest } from "@/lib/api-client";
import { invalidateLinkQueries } from "./invalidate-link-queries";

export function createUserLink(input: CreateMemberLinkRequest): Promise<ReferralLink> {
  return apiRequest("/api/user/links", { method: "POST", body: input, schema: referralLinkSchema });
}

export function useCreateUserLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUserLink,
    onSuccess: () => invalidateLinkQueries(queryClient),
  });
}
