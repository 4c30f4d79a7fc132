// Lets a pending member in (admin).
import { callApi } from "@/lib/api-client";
import { useInvalidateAdminData, userActionMutationKey } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export function approveUser({ username }: { username: string }) {
  return callApi("approveUser", { params: { username } });
}

export function useApproveUser(toasts: ToastsFor<typeof approveUser>) {
  const invalidate = useInvalidateAdminData();
  return useToastMutation({ mutationKey: userActionMutationKey, mutationFn: approveUser, onSuccess: invalidate, ...toasts });
}
