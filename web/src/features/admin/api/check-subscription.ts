// POST /api/admin/check-subscription/{username} – asks the payment provider about one user and stores the status (admin).
import { useMutation } from "@tanstack/react-query";
import { subscriptionCheckResultSchema, type SubscriptionCheckResult } from "@hub/contract/users";
import { apiRequest } from "@/lib/api-client";
import { useInvalidateAdminData, userActionMutationKey } from "./admin-cache";

export function checkSubscription({ username }: { username: string }): Promise<SubscriptionCheckResult> {
  return apiRequest(`/api/admin/check-subscription/${encodeURIComponent(username)}`, {
    method: "POST",
    schema: subscriptionCheckResultSchema,
  });
}

export function useCheckSubscription() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: userActionMutationKey, mutationFn: checkSubscription, onSuccess: invalidate });
}
