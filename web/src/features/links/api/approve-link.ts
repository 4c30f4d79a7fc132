// Puts a pending link into rotation (admin).
import { callApi } from "@/lib/api-client";
import { linkActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export function approveLink({ id }: { id: string }) {
  return callApi("approveLink", { params: { id } });
}

export function useApproveLink(toasts: ToastsFor<typeof approveLink>) {
  const invalidate = useInvalidateAdminData();
  return useToastMutation({ mutationKey: linkActionMutationKey, mutationFn: approveLink, onSuccess: invalidate, ...toasts });
}
