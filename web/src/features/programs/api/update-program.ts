// Edits name, description and fallback address (null clears it) (admin).
import type { UpdateProgramRequest } from "@hub/contract/programs";
import { callApi } from "@/lib/api-client";
import { programActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export async function updateProgram({ id, ...body }: { id: string } & UpdateProgramRequest): Promise<void> {
  await callApi("updateProgram", { params: { id }, body });
}

export function useUpdateProgram(toasts: ToastsFor<typeof updateProgram>) {
  const invalidate = useInvalidateAdminData();
  return useToastMutation({ mutationKey: programActionMutationKey, mutationFn: updateProgram, onSuccess: invalidate, ...toasts });
}
