// Asks the payment provider about one user and stores the status (admin).
import { useMutation } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { useInvalidateAdminData, userActionMutationKey } from "@/lib/query-keys";

export function checkSubscription({ username }: { username: string }) {
  return callApi("checkSubscription", { params: { username } });
}

export function useCheckSubscription() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: userActionMutationKey, mutationFn: checkSubscription, onSuccess: invalidate });
}
