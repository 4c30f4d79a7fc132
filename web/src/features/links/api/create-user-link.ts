// The dashboard's 'Submit New Link' dialog.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateMemberLinkRequest } from "@hub/contract/links";
import { callApi } from "@/lib/api-client";
import { invalidateMemberLinkQueries } from "@/lib/query-keys";

export function createUserLink(input: CreateMemberLinkRequest) {
  return callApi("submitOwnLink", { body: input });
}

export function useCreateUserLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUserLink,
    onSuccess: () => invalidateMemberLinkQueries(queryClient),
  });
}
