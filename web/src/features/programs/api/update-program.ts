// Edits name, description and fallback address (null clears it) (admin).
import { useMutation } from "@tanstack/react-query";
import type { UpdateProgramRequest } from "@hub/contract/programs";
import { callApi } from "@/lib/api-client";
import { programActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";

export async function updateProgram({ id, ...body }: { id: string } & UpdateProgramRequest): Promise<void> {
  await callApi("updateProgram", { params: { id }, body });
}

export function useUpdateProgram() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: programActionMutationKey, mutationFn: updateProgram, onSuccess: invalidate });
}
