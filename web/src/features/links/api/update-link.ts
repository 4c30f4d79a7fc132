// Edits a link's address and offer details (admin).
import { useMutation } from "@tanstack/react-query";
import type { UpdateLinkRequest } from "@hub/contract/links";
import { callApi } from "@/lib/api-client";
import { linkActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";

export async function updateLink({ id, ...body }: { id: string } & UpdateLinkRequest): Promise<void> {
  await callApi("updateLink", { params: { id }, body });
}

export function useUpdateLink() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: linkActionMutationKey, mutationFn: updateLink, onSuccess: invalidate });
}
