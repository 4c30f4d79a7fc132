// Moves a link to another program; 409 if the owner already has one there (admin).
import { useMutation } from "@tanstack/react-query";
import { moveLinkRequestSchema } from "@hub/contract/links";
import { callApi } from "@/lib/api-client";
import { linkActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";

export function moveLink({ id, programId }: { id: string; programId: string }) {
  const body = moveLinkRequestSchema.parse({ programId });
  return callApi("moveLink", { params: { id }, body });
}

export function useMoveLink() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: linkActionMutationKey, mutationFn: moveLink, onSuccess: invalidate });
}
