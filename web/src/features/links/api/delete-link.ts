// Deletes a link and its clicks (admin).
import { useMutation } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { linkActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";

export function deleteLink({ id }: { id: string }): Promise<void> {
  return callApi("deleteLink", { params: { id } });
}

export function useDeleteLink() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: linkActionMutationKey, mutationFn: deleteLink, onSuccess: invalidate });
}
