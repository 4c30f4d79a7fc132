// Reverses mark-dead (admin).
import { callApi } from "@/lib/api-client";
import { linkActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export function markLinkAlive({ id }: { id: string }) {
  return callApi("markLinkAlive", { params: { id } });
}

export function useMarkLinkAlive(toasts: ToastsFor<typeof markLinkAlive>) {
  const invalidate = useInvalidateAdminData();
  return useToastMutation({ mutationKey: linkActionMutationKey, mutationFn: markLinkAlive, onSuccess: invalidate, ...toasts });
}
