// Moves every link into the target and deletes the source; 409 MERGE_CONFLICT lists clashes (admin).
import { mergeProgramRequestSchema } from "@hub/contract/programs";
import { callApi } from "@/lib/api-client";
import { programActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export function mergeProgram({ id, targetProgramId }: { id: string; targetProgramId: string }): Promise<{ movedLinks: number }> {
  const body = mergeProgramRequestSchema.parse({ targetProgramId });
  return callApi("mergeProgram", { params: { id }, body });
}

export function useMergeProgram(toasts: ToastsFor<typeof mergeProgram>) {
  const invalidate = useInvalidateAdminData();
  return useToastMutation({ mutationKey: programActionMutationKey, mutationFn: mergeProgram, onSuccess: invalidate, ...toasts });
}
