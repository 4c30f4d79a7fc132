// 'even' (equal traffic) or 'balanced' (newer links catch up) (admin).
import { distributionModeRequestSchema, type DistributionMode } from "@hub/contract/programs";
import { callApi } from "@/lib/api-client";
import { programActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export async function setDistributionMode({ id, mode }: { id: string; mode: DistributionMode }): Promise<void> {
  const body = distributionModeRequestSchema.parse({ mode });
  await callApi("setDistributionMode", { params: { id }, body });
}

export function useSetDistributionMode(toasts: ToastsFor<typeof setDistributionMode>) {
  const invalidate = useInvalidateAdminData();
  return useToastMutation({ mutationKey: programActionMutationKey, mutationFn: setDistributionMode, onSuccess: invalidate, ...toasts });
}
