// The member takes their own link out of the rotation until a day (POST), or puts it back now (DELETE).
import { useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { invalidateOwnLinkQueries } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export function snoozeOwnLink({ id, until }: { id: string; until: string }) {
  return callApi("snoozeOwnLink", { params: { id }, body: { until } });
}

export function endOwnLinkSnooze({ id }: { id: string; programName: string }) {
  return callApi("endOwnLinkSnooze", { params: { id } });
}

export function useSnoozeOwnLink(toasts: ToastsFor<typeof snoozeOwnLink>) {
  const queryClient = useQueryClient();
  return useToastMutation({ mutationFn: snoozeOwnLink, onSuccess: () => invalidateOwnLinkQueries(queryClient), ...toasts });
}

export function useEndOwnLinkSnooze(toasts: ToastsFor<typeof endOwnLinkSnooze>) {
  const queryClient = useQueryClient();
  return useToastMutation({ mutationFn: endOwnLinkSnooze, onSuccess: () => invalidateOwnLinkQueries(queryClient), ...toasts });
}
