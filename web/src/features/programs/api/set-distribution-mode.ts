// 'even' (equal traffic) or 'balanced' (newer links catch up) (admin).
import { useMutation } from "@tanstack/react-query";
import { distributionModeRequestSchema, type DistributionMode } from "@hub/contract/programs";
import { callApi } from "@/lib/api-client";
import { programActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";

export async function setDistributionMode({ id, mode }: { id: string; mode: DistributionMode }): Promise<void> {
  const body = distributionModeRequestSchema.parse({ mode });
  await callApi("setDistributionMode", { params: { id }, body });
}

export function useSetDistributionMode() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: programActionMutationKey, mutationFn: setDistributionMode, onSuccess: invalidate });
}
