// Whether the program's links are shown on the site (admin).
import { useMutation } from "@tanstack/react-query";
import { toggleSharedRequestSchema } from "@hub/contract/programs";
import { callApi } from "@/lib/api-client";
import { programActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";

export async function toggleProgramShared({ id, isSharedOnSite }: { id: string; isSharedOnSite: boolean }): Promise<void> {
  const body = toggleSharedRequestSchema.parse({ isSharedOnSite });
  await callApi("toggleProgramShared", { params: { id }, body });
}

export function useToggleProgramShared() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: programActionMutationKey, mutationFn: toggleProgramShared, onSuccess: invalidate });
}
