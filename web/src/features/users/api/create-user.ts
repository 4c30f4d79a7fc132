// An approved account for an e-mail, without the subscription check (admin).
import { callApi } from "@/lib/api-client";
import type { RouteRequest } from "@hub/contract/routes";
import { useInvalidateAdminData } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export function createUser(body: RouteRequest<"createUser", "body">) {
  return callApi("createUser", { body });
}

export function useCreateUser(toasts: ToastsFor<typeof createUser>) {
  const invalidate = useInvalidateAdminData();
  return useToastMutation({ mutationKey: ["admin", "create-user"], mutationFn: createUser, onSuccess: invalidate, ...toasts });
}
