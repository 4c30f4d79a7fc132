// Puts a pending link into rotation (admin).
import { useMutation } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { linkActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";

export function approveLink({ id }: { id: string }) {
  return callApi("approveLink", { params: { id } });
}

export function useApproveLink() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: linkActionMutationKey, mutationFn: approveLink, onSuccess: invalidate });
}
