// The dashboard's 'Submit New Link' dialog.
import { useQueryClient } from "@tanstack/react-query";
import type { CreateMemberLinkRequest } from "@hub/contract/links";
import { callApi } from "@/lib/api-client";
import { invalidateOwnLinkQueries } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export function createOwnLink(input: CreateMemberLinkRequest) {
  return callApi("submitOwnLink", { body: input });
}

export function useCreateOwnLink(toasts: ToastsFor<typeof createOwnLink>) {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: createOwnLink,
    onSuccess: () => invalidateOwnLinkQueries(queryClient),
    ...toasts,
  });
}
