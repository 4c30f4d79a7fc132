// DELETE /api/links/{id} – deletes a link and its clicks (admin). 204.
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { linkActionMutationKey, linkPath, useInvalidateAdminData } from "./admin-cache";

export async function deleteLink({ id }: { id: string }): Promise<void> {
  await apiRequest(linkPath(id), { method: "DELETE" });
}

export function useDeleteLink() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: linkActionMutationKey, mutationFn: deleteLink, onSuccess: invalidate });
}
