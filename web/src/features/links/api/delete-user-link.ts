// Removes one of the member's own links.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { invalidateMemberLinkQueries } from "@/lib/query-keys";

export function deleteUserLink(id: string): Promise<void> {
  return callApi("deleteOwnLink", { params: { id } });
}

export function useDeleteUserLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserLink,
    onSuccess: () => invalidateMemberLinkQueries(queryClient),
  });
}
