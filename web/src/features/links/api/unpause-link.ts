// Puts a paused link back into rotation (admin).
import { callApi } from "@/lib/api-client";
import { linkActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export function unpauseLink({ id }: { id: string }) {
  return callApi("unpauseLink", { params: { id } });
}

export function useUnpauseLink(toasts: ToastsFor<typeof unpauseLink>) {
  const invalidate = useInvalidateAdminData();
  return useToastMutation({ mutationKey: linkActionMutationKey, mutationFn: unpauseLink, onSuccess: invalidate, ...toasts });
}
