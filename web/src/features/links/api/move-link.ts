// Moves a link to another program; 409 if the owner already has one there (admin).
import { moveLinkRequestSchema } from "@hub/contract/links";
import { callApi } from "@/lib/api-client";
import { linkActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export function moveLink({ id, programId }: { id: string; programId: string }) {
  const body = moveLinkRequestSchema.parse({ programId });
  return callApi("moveLink", { params: { id }, body });
}

export function useMoveLink(toasts: ToastsFor<typeof moveLink>) {
  const invalidate = useInvalidateAdminData();
  return useToastMutation({ mutationKey: linkActionMutationKey, mutationFn: moveLink, onSuccess: invalidate, ...toasts });
}
