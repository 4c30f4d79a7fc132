// Records what came of one of the member's links (POST /api/user/links/{id}/outcomes).
import { useQueryClient } from "@tanstack/react-query";
import type { CreateOutcomeRequest } from "@hub/contract/outcomes";
import { callApi } from "@/lib/api-client";
import { invalidateOwnOutcomeQueries } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export function recordOutcome({ linkId, outcome }: { linkId: string; outcome: CreateOutcomeRequest }) {
  return callApi("recordOutcome", { params: { id: linkId }, body: outcome });
}

export function useRecordOutcome(toasts: ToastsFor<typeof recordOutcome>) {
  const queryClient = useQueryClient();
  return useToastMutation({ mutationFn: recordOutcome, onSuccess: () => invalidateOwnOutcomeQueries(queryClient), ...toasts });
}
