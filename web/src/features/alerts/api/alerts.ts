// The alerts channel's settings, their change and the test message (admin).
import { useQuery } from "@tanstack/react-query";
import type { UpdateAlertsRequest } from "@hub/contract/alerts";
import { callApi } from "@/lib/api-client";
import { QUERY_KEYS, useInvalidateAdminData } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

/** `following`: a test was just sent, so its outcome is asked for every second until it shows. */
export function useAlerts(following = false) {
  return useQuery({
    queryKey: QUERY_KEYS.alerts,
    queryFn: () => callApi("getAlerts"),
    refetchInterval: following ? 1_000 : false,
  });
}

export const saveAlerts = (body: UpdateAlertsRequest) => callApi("updateAlerts", { body });

export function useSaveAlerts(toasts: ToastsFor<typeof saveAlerts>) {
  const invalidate = useInvalidateAdminData();
  return useToastMutation({ mutationKey: ["admin", "save-alerts"], mutationFn: saveAlerts, onSuccess: invalidate, ...toasts });
}

export const sendTestAlert = () => callApi("sendTestAlert");

export function useSendTestAlert(toasts: ToastsFor<typeof sendTestAlert>) {
  return useToastMutation({ mutationKey: ["admin", "test-alert"], mutationFn: sendTestAlert, ...toasts });
}
