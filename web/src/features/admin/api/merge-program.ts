// POST /api/programs/{id}/merge – moves every link into the target and deletes the source; 409 MERGE_CONFLICT lists clashes (admin).
import { useMutation } from "@tanstack/react-query";
import { mergeProgramRequestSchema, mergeProgramResultSchema } from "@hub/contract/programs";
import { apiRequest } from "@/lib/api-client";
import { programActionMutationKey, programPath, useInvalidateAdminData } from "./admin-cache";

export function mergeProgram({ id, targetProgramId }: { id: string; targetProgramId: string }): Promise<{ movedLinks: number }> {
  const body = mergeProgramRequestSchema.parse({ targetProgramId });
  return apiRequest(programPath(id, "merge"), { method: "POST", body, schema: mergeProgramResultSchema });
}

export function useMergeProgram() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: programActionMutationKey, mutationFn: mergeProgram, onSuccess: invalidate });
}
