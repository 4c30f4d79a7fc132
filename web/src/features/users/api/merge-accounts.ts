// Moves a duplicate's links and login tokens to the primary and deletes the duplicate (admin).
import type { RouteRequest } from "@hub/contract/routes";
import { callApi } from "@/lib/api-client";
import { useInvalidateAdminData } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export function mergeAccounts(body: RouteRequest<"mergeAccounts", "body">) {
  return callApi("mergeAccounts", { body });
}

export function useMergeAccounts(toasts: ToastsFor<typeof mergeAccounts>) {
  const invalidate = useInvalidateAdminData();
  return useToastMutation({ mutationKey: ["admin", "merge-accounts"], mutationFn: mergeAccounts, onSuccess: invalidate, ...toasts });
}
