// Pauses all of the user's links and signs them out everywhere (admin).
import { callApi } from "@/lib/api-client";
import { useInvalidateAdminData, userActionMutationKey } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export function blockUser({ username }: { username: string }) {
  return callApi("blockUser", { params: { username } });
}

export function useBlockUser(toasts: ToastsFor<typeof blockUser>) {
  const invalidate = useInvalidateAdminData();
  return useToastMutation({ mutationKey: userActionMutationKey, mutationFn: blockUser, onSuccess: invalidate, ...toasts });
}
