// POST /api/admin/check-all-subscriptions – checks and stores every user's subscription status (admin).
import { useMutation } from "@tanstack/react-query";
import { checkAllSubscriptionsResultSchema, type CheckAllSubscriptionsResult } from "@hub/contract/users";
import { apiRequest } from "@/lib/api-client";
import { useInvalidateAdminData } from "./admin-cache";

export function checkAllSubscriptions(): Promise<CheckAllSubscriptionsResult> {
  return apiRequest("/api/admin/check-all-subscriptions", { method: "POST", schema: checkAllSubscriptionsResultSchema });
}

export function useCheckAllSubscriptions() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: ["admin", "check-all-subscriptions"], mutationFn: checkAllSubscriptions, onSuccess: invalidate });
}
