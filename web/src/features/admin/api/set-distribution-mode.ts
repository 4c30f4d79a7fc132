// POST /api/programs/{id}/distribution-mode – 'even' (equal traffic) or 'balanced' (newer links catch up) (admin).
import { useMutation } from "@tanstack/react-query";
import { distributionModeRequestSchema, type DistributionMode } from "@hub/contract/programs";
import { apiRequest } from "@/lib/api-client";
import { programActionMutationKey, programPath, useInvalidateAdminData } from "./admin-cache";

export async function setDistributionMode({ id, mode }: { id: string; mode: DistributionMode }): Promise<void> {
  const body = distributionModeRequestSchema.parse({ mode });
  await apiRequest(programPath(id, "distribution-mode"), { method: "POST", body });
}

export function useSetDistributionMode() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: programActionMutationKey, mutationFn: setDistributionMode, onSuccess: invalidate });
}
