import type { AppDeps } from "../platform/deps";
import type { RouteHandlers } from "../route-handlers";
import { startTermsWatchJob } from "./terms-job.service";
import { programTerms } from "./terms.service";

type TermsRoutes = "getProgramTerms" | "runTermsWatch";

/** The terms watch: what it kept of a program's page, and the watch now (the review is the program's: programs.routes). */
export function termsRoutes(deps: AppDeps): RouteHandlers<TermsRoutes> {
  return {
    getProgramTerms: ({ params }) => programTerms(params.id),
    // the same job as the daily one at 02:00 UTC
    runTermsWatch: ({ caller }) => startTermsWatchJob({ trigger: "admin", actorUid: caller.uid }, deps.now()),
  };
}
