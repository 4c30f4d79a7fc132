// Puts a paused link back into rotation (admin).
import { useMutation } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { linkActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";

export function unpauseLink({ id }: { id: string }) {
  return callApi("unpauseLink", { params: { id } });
}

export function useUnpauseLink() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: linkActionMutationKey, mutationFn: unpauseLink, onSuccess: invalidate });
}
