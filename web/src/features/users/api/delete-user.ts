// Removes the user with their links, clicks, login tokens and sign-in (admin).
import { callApi } from "@/lib/api-client";
import { useInvalidateAdminData, userActionMutationKey } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export function deleteUser({ username }: { username: string }): Promise<void> {
  return callApi("deleteUser", { params: { username } });
}

export function useDeleteUser(toasts: ToastsFor<typeof deleteUser>) {
  const invalidate = useInvalidateAdminData();
  return useToastMutation({ mutationKey: userActionMutationKey, mutationFn: deleteUser, onSuccess: invalidate, ...toasts });
}
