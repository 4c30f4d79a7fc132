// Unpauses the links the block paused (admin).
import { useMutation } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { useInvalidateAdminData, userActionMutationKey } from "@/lib/query-keys";

export function unblockUser({ username }: { username: string }) {
  return callApi("unblockUser", { params: { username } });
}

export function useUnblockUser() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: userActionMutationKey, mutationFn: unblockUser, onSuccess: invalidate });
}
