// Asks the payment provider about one user and stores the status (admin).
import { callApi } from "@/lib/api-client";
import { useInvalidateAdminData, userActionMutationKey } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export function checkSubscription({ username }: { username: string }) {
  return callApi("checkSubscription", { params: { username } });
}

export function useCheckSubscription(toasts: ToastsFor<typeof checkSubscription>) {
  const invalidate = useInvalidateAdminData();
  return useToastMutation({ mutationKey: userActionMutationKey, mutationFn: checkSubscription, onSuccess: invalidate, ...toasts });
}
