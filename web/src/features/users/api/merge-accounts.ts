// Moves a duplicate's links and login tokens to the primary and deletes the duplicate (admin).
import { useMutation } from "@tanstack/react-query";
import type { RouteRequest } from "@hub/contract/routes";
import { callApi } from "@/lib/api-client";
import { useInvalidateAdminData } from "@/lib/query-keys";

export function mergeAccounts(body: RouteRequest<"mergeAccounts", "body">) {
  return callApi("mergeAccounts", { body });
}

export function useMergeAccounts() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: ["admin", "merge-accounts"], mutationFn: mergeAccounts, onSuccess: invalidate });
}
