// Takes a link out of rotation for now (admin).
import { useMutation } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { linkActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";

export function pauseLink({ id }: { id: string }) {
  return callApi("pauseLink", { params: { id } });
}

export function usePauseLink() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: linkActionMutationKey, mutationFn: pauseLink, onSuccess: invalidate });
}
