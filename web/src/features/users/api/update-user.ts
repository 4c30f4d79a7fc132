// Name, notes, a new e-mail and the payment IDs (null clears one) (admin).
import type { UpdateUserRequest } from "@hub/contract/users";
import { callApi } from "@/lib/api-client";
import { useInvalidateAdminData, userActionMutationKey } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export function updateUser({ username, ...body }: { username: string } & UpdateUserRequest) {
  return callApi("updateUser", { params: { username }, body });
}

/** A new e-mail also changes the e-mail on the user's links, so the links refresh too. */
export function useUpdateUser(toasts: ToastsFor<typeof updateUser>) {
  const invalidate = useInvalidateAdminData();
  return useToastMutation({ mutationKey: userActionMutationKey, mutationFn: updateUser, onSuccess: invalidate, ...toasts });
}
