import { ApiError } from "./platform/api-error";
import type { RouteHandlers } from "./route-table";

/*
 * SCAFFOLD, removed as each piece lands: the routes of *Referral outcomes, caps and offer dates*
 * whose handlers are being built. Each answers 500 until its module replaces it here.
 */
const notYet = () => {
  throw new ApiError("INTERNAL", "Not built yet");
};

export function pendingRoutes(): RouteHandlers<
  | "listOwnOutcomes"
  | "exportOwnOutcomes"
  | "deleteOwnOutcome"
  | "snoozeOwnLink"
  | "endOwnLinkSnooze"
  | "recordOutcome"
  | "runDaily"
  | "outcomeAnalytics"
> {
  return {
    listOwnOutcomes: notYet,
    exportOwnOutcomes: notYet,
    deleteOwnOutcome: notYet,
    snoozeOwnLink: notYet,
    endOwnLinkSnooze: notYet,
    recordOutcome: notYet,
    runDaily: notYet,
    outcomeAnalytics: notYet,
  };
}
