// Unpauses the links the block paused (admin).
import { callApi } from "@/lib/api-client";
import { useInvalidateAdminData, userActionMutationKey } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export function unblockUser({ username }: { username: string }) {
  return callApi("unblockUser", { params: { username } });
}

export function useUnblockUser(toasts: ToastsFor<typeof unblockUser>) {
  const invalidate = useInvalidateAdminData();
  return useToastMutation({ mutationKey: userActionMutationKey, mutationFn: unblockUser, onSuccess: invalidate, ...toasts });
}
