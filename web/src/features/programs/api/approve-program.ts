// Makes a proposed program visible to users (admin).
import { callApi } from "@/lib/api-client";
import { programActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export async function approveProgram({ id }: { id: string }): Promise<void> {
  await callApi("approveProgram", { params: { id } });
}

export function useApproveProgram(toasts: ToastsFor<typeof approveProgram>) {
  const invalidate = useInvalidateAdminData();
  return useToastMutation({ mutationKey: programActionMutationKey, mutationFn: approveProgram, onSuccess: invalidate, ...toasts });
}
