// An approved account for an e-mail, without the subscription check (admin).
import { useMutation } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import type { RouteRequest } from "@hub/contract/routes";
import { useInvalidateAdminData } from "@/lib/query-keys";

export function createUser(body: RouteRequest<"createUser", "body">) {
  return callApi("createUser", { body });
}

export function useCreateUser() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: ["admin", "create-user"], mutationFn: createUser, onSuccess: invalidate });
}
