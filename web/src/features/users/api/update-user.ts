// Name, notes, a new e-mail and the payment IDs (null clears one) (admin).
import type { UpdateUserRequest } from "@hub/contract/users";
import { callApi } from "@/lib/api-client";
import { useInvalidateAdminData, userActionMutationKey } from "@/lib/query-keys";
import { reauthenticate } from "@/lib/reauthenticate";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

/**
 * With `currentPassword`, the signed-in admin signs in again with it first: the server changes an
 * administrator's e-mail only after a fresh password sign-in (401 REAUTH_REQUIRED otherwise).
 */
export async function updateUser({
  username,
  currentPassword,
  ...body
}: { username: string; currentPassword?: string } & UpdateUserRequest) {
  if (currentPassword !== undefined) await reauthenticate(currentPassword);
  return callApi("updateUser", { params: { username }, body });
}

/** A new e-mail also changes the e-mail on the user's links, so the links refresh too. */
export function useUpdateUser(toasts: ToastsFor<typeof updateUser>) {
  const invalidate = useInvalidateAdminData();
  return useToastMutation({ mutationKey: userActionMutationKey, mutationFn: updateUser, onSuccess: invalidate, ...toasts });
}
