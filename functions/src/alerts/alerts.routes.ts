import type { AppDeps } from "../platform/deps";
import type { RouteHandlers } from "../route-handlers";
import { alertSettings, changeAlertSettings, sendTestAlert } from "./alerts.service";

type AlertRoutes = "getAlerts" | "updateAlerts" | "sendTestAlert";

/** The alerts channel's settings and its test (admin). */
export function alertsRoutes(deps: AppDeps): RouteHandlers<AlertRoutes> {
  return {
    getAlerts: () => alertSettings(),
    updateAlerts: ({ body }) => changeAlertSettings(deps, body),
    sendTestAlert: () => sendTestAlert(deps),
  };
}
