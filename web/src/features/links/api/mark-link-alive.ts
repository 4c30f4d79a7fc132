// Reverses mark-dead (admin).
import { useMutation } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { linkActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";

export function markLinkAlive({ id }: { id: string }) {
  return callApi("markLinkAlive", { params: { id } });
}

export function useMarkLinkAlive() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: linkActionMutationKey, mutationFn: markLinkAlive, onSuccess: invalidate });
}
