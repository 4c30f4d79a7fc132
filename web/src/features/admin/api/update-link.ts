// PATCH /api/links/{id} – edits a link's address and offer details (admin).
import { useMutation } from "@tanstack/react-query";
import { type UpdateLinkRequest } from "@hub/contract/links";
import { apiRequest } from "@/lib/api-client";
import { linkActionMutationKey, linkPath, useInvalidateAdminData } from "./admin-cache";

export async function updateLink({ id, ...body }: { id: string } & UpdateLinkRequest): Promise<void> {
  await apiRequest(linkPath(id), { method: "PATCH", body });
}

export function useUpdateLink() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: linkActionMutationKey, mutationFn: updateLink, onSuccess: invalidate });
}
