// Removes the user with their links, clicks, login tokens and sign-in (admin).
import { useMutation } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { useInvalidateAdminData, userActionMutationKey } from "@/lib/query-keys";

export function deleteUser({ username }: { username: string }): Promise<void> {
  return callApi("deleteUser", { params: { username } });
}

export function useDeleteUser() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: userActionMutationKey, mutationFn: deleteUser, onSuccess: invalidate });
}
