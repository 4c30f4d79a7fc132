// Deletes one of the member's outcomes (a mistaken one): a cap it held reached lifts at once.
import { useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { invalidateOwnOutcomeQueries } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export function deleteOwnOutcome({ id }: { id: string }) {
  return callApi("deleteOwnOutcome", { params: { id } });
}

export function useDeleteOwnOutcome(toasts: ToastsFor<typeof deleteOwnOutcome>) {
  const queryClient = useQueryClient();
  return useToastMutation({ mutationFn: deleteOwnOutcome, onSuccess: () => invalidateOwnOutcomeQueries(queryClient), ...toasts });
}
