// Deletes a program with its links and their clicks (admin).
import { callApi } from "@/lib/api-client";
import { programActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export function deleteProgram({ id }: { id: string }): Promise<void> {
  return callApi("deleteProgram", { params: { id } });
}

export function useDeleteProgram(toasts: ToastsFor<typeof deleteProgram>) {
  const invalidate = useInvalidateAdminData();
  return useToastMutation({ mutationKey: programActionMutationKey, mutationFn: deleteProgram, onSuccess: invalidate, ...toasts });
}
