// DELETE /api/user/links/{id} – removes one of the member's own links.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { invalidateLinkQueries } from "./invalidate-link-queries";

export async function deleteUserLink(id: string): Promise<void> {
  await apiRequest(`/api/user/links/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteUserLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserLink,
    onSuccess: () => invalidateLinkQueries(queryClient),
  });
}
