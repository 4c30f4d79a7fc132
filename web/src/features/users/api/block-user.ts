// Pauses all of the user's links and signs them out everywhere (admin).
import { useMutation } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { useInvalidateAdminData, userActionMutationKey } from "@/lib/query-keys";

export function blockUser({ username }: { username: string }) {
  return callApi("blockUser", { params: { username } });
}

export function useBlockUser() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: userActionMutationKey, mutationFn: blockUser, onSuccess: invalidate });
}
