// Whether the program's links are shown on the site (admin).
import { toggleSharedRequestSchema } from "@hub/contract/programs";
import { callApi } from "@/lib/api-client";
import { programActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export async function toggleProgramShared({ id, isSharedOnSite }: { id: string; isSharedOnSite: boolean }): Promise<void> {
  const body = toggleSharedRequestSchema.parse({ isSharedOnSite });
  await callApi("toggleProgramShared", { params: { id }, body });
}

export function useToggleProgramShared(toasts: ToastsFor<typeof toggleProgramShared>) {
  const invalidate = useInvalidateAdminData();
  return useToastMutation({ mutationKey: programActionMutationKey, mutationFn: toggleProgramShared, onSuccess: invalidate, ...toasts });
}
