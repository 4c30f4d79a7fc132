import { earningsFileName } from "@hub/contract/outcomes";
import type { AppDeps } from "../platform/deps";
import type { RouteHandlers } from "../route-handlers";
import { deleteOutcome, earningsCsv, earningsOf, recordOutcome } from "./outcomes.service";

type OutcomeRoutes = "recordOutcome" | "deleteOwnOutcome" | "listOwnOutcomes" | "exportOwnOutcomes";

/** A member's referral outcomes: recorded on their own links, their Earnings view and its CSV. */
export function outcomesRoutes(deps: AppDeps): RouteHandlers<OutcomeRoutes> {
  return {
    // POST /api/user/links/{id}/outcomes – record what came of a referral (own link only)
    recordOutcome: ({ caller, params, body }) => recordOutcome(deps, caller.user.email, params.id, body),
    // DELETE /api/user/outcomes/{id} – own only; a cap it counted lifts at once
    deleteOwnOutcome: ({ caller, params }) => deleteOutcome(deps, caller, params.id),
    // GET /api/user/outcomes?year= – the Earnings view
    listOwnOutcomes: ({ caller, query }) => earningsOf(caller, query.year),
    // GET /api/user/outcomes/export?year= – the same entries as a CSV file
    exportOwnOutcomes: ({ caller, query, res }) => {
      res.set("Content-Disposition", `attachment; filename="${earningsFileName(query.year)}"`);
      return earningsCsv(caller, query.year);
    },
  };
}
