import type { AppDeps } from "../platform/deps";
import type { RouteHandlers } from "../route-handlers";
import { alertSettings, changeAlertSettings, sendTestAlert, type AlertChangeRecorder } from "./alerts.service";

type AlertRoutes = "getAlerts" | "updateAlerts" | "sendTestAlert";

/** Who changed the channel, for the entry that records it (wired to the activity log by the composition root). */
export type AlertChangeRecorderFor = (caller: { uid: string; user: { email: string } }) => AlertChangeRecorder;

/** The alerts channel's settings and its test (admin). */
export function alertsRoutes(deps: AppDeps, recorderFor: AlertChangeRecorderFor): RouteHandlers<AlertRoutes> {
  return {
    getAlerts: () => alertSettings(),
    updateAlerts: ({ body, caller }) => changeAlertSettings(deps, body, recorderFor(caller)),
    sendTestAlert: () => sendTestAlert(deps),
  };
}
