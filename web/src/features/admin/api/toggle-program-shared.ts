// POST /api/programs/{id}/toggle-shared – whether the program's links are shown on the site (admin).
import { useMutation } from "@tanstack/react-query";
import { toggleSharedRequestSchema } from "@hub/contract/programs";
import { apiRequest } from "@/lib/api-client";
import { programActionMutationKey, programPath, useInvalidateAdminData } from "./admin-cache";

export async function toggleProgramShared({ id, isSharedOnSite }: { id: string; isSharedOnSite: boolean }): Promise<void> {
  const body = toggleSharedRequestSchema.parse({ isSharedOnSite });
  await apiRequest(programPath(id, "toggle-shared"), { method: "POST", body });
}

export function useToggleProgramShared() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: programActionMutationKey, mutationFn: toggleProgramShared, onSuccess: invalidate });
}
