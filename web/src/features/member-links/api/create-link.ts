// POST /api/links – the /submit form (a member only for their own e-mail).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { referralLinkSchema, type CreateLinkRequest, type ReferralLink } from "@hub/contract/links";
import { apiRequest } from "@/lib/api-client";
import { invalidateLinkQueries } from "./invalidate-link-queries";

export function createLink(input: CreateLinkRequest): Promise<ReferralLink> {
  return apiRequest("/api/links", { method: "POST", body: input, schema: referralLinkSchema });
}

export function useCreateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLink,
    onSuccess: () =>
      Promise.all([
        invalidateLinkQueries(queryClient),
        // An admin who submits lands on /admin: its link list (["links"]) must show the new one.
        queryClient.invalidateQueries({ queryKey: ["links"] }),
      ]),
  });
}
