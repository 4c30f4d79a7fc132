// Lets a pending member in (admin).
import { useMutation } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { useInvalidateAdminData, userActionMutationKey } from "@/lib/query-keys";

export function approveUser({ username }: { username: string }) {
  return callApi("approveUser", { params: { username } });
}

export function useApproveUser() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: userActionMutationKey, mutationFn: approveUser, onSuccess: invalidate });
}
