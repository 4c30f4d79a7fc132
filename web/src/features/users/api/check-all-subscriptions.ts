// Checks and stores every user's subscription status (admin).
import { useMutation } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { useInvalidateAdminData } from "@/lib/query-keys";

export function checkAllSubscriptions() {
  return callApi("checkAllSubscriptions");
}

export function useCheckAllSubscriptions() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: ["admin", "check-all-subscriptions"], mutationFn: checkAllSubscriptions, onSuccess: invalidate });
}
