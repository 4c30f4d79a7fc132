// Takes a link out of rotation for now (admin).
import { callApi } from "@/lib/api-client";
import { linkActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export function pauseLink({ id }: { id: string }) {
  return callApi("pauseLink", { params: { id } });
}

export function usePauseLink(toasts: ToastsFor<typeof pauseLink>) {
  const invalidate = useInvalidateAdminData();
  return useToastMutation({ mutationKey: linkActionMutationKey, mutationFn: pauseLink, onSuccess: invalidate, ...toasts });
}
