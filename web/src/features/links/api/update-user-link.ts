// Edits the link or offer details; a new URL puts the link back into review.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UpdateLinkRequest } from "@hub/contract/links";
import { callApi } from "@/lib/api-client";
import { invalidateMemberLinkQueries } from "@/lib/query-keys";

export interface UpdateUserLinkInput {
  id: string;
  changes: UpdateLinkRequest;
}

export function updateUserLink({ id, changes }: UpdateUserLinkInput) {
  return callApi("updateOwnLink", { params: { id }, body: changes });
}

export function useUpdateUserLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserLink,
    onSuccess: () => invalidateMemberLinkQueries(queryClient),
  });
}
