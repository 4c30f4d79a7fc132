// Moves every link into the target and deletes the source; 409 MERGE_CONFLICT lists clashes (admin).
import { useMutation } from "@tanstack/react-query";
import { mergeProgramRequestSchema } from "@hub/contract/programs";
import { callApi } from "@/lib/api-client";
import { programActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";

export function mergeProgram({ id, targetProgramId }: { id: string; targetProgramId: string }): Promise<{ movedLinks: number }> {
  const body = mergeProgramRequestSchema.parse({ targetProgramId });
  return callApi("mergeProgram", { params: { id }, body });
}

export function useMergeProgram() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: programActionMutationKey, mutationFn: mergeProgram, onSuccess: invalidate });
}
