import express, { type Express } from "express";
import { bodyGuard } from "./platform/http/body";
import { errorMiddleware, notFoundHandler } from "./platform/http/errors";
import { securityHeaders } from "./platform/http/security-headers";
import { activityIn } from "./accounts/audit.store";
import { alertsRoutes } from "./alerts/alerts.routes";
import { analyticsRoutes } from "./analytics/analytics.routes";
import { announcementsRoutes } from "./announcements/announcements.routes";
import { authRoutes } from "./auth/auth.routes";
import { communityRoutes } from "./community/community.routes";
import { linksRoutes } from "./links/links.routes";
import { outcomesRoutes } from "./outcomes/outcomes.routes";
import { programsRoutes } from "./programs/programs.routes";
import { registerRoutes } from "./route-table";
import { termsRoutes } from "./terms/terms.routes";
import { digestRoutes, oneClickUnsubscribe } from "./digest/digest.routes";
import { usersRoutes } from "./members/members.routes";
import { tiersRoutes } from "./members/tiers.routes";
import type { AppDeps } from "./platform/deps";
import { deploySecretProblems } from "./platform/secret-strength";
import { logger } from "firebase-functions";
import { MESSAGES } from "@hub/contract/errors";

/** The app of a deploy whose secrets are unfit: it serves nothing, and says why in the logs on every request. */
function refusingApp(app: Express, problems: string[]): Express {
  const reason = `Refusing to serve: ${problems.join("; ")}. Set values of your own (docs/deploy.md, section 2) and deploy again.`;
  logger.error(reason);
  app.use((_req, res) => {
    logger.error(reason);
    res.status(500).json({ code: "INTERNAL", message: MESSAGES.internal });
  });
  return app;
}

/** The /api application: the contract's routes, one error middleware. */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.use(securityHeaders);
  const problems = deploySecretProblems(deps);
  if (problems.length > 0) return refusingApp(app, problems);
  // RFC 8058's form POST of a digest's List-Unsubscribe address: the one body that is not JSON
  app.use("/api/public/unsubscribe", oneClickUnsubscribe(deps));
  app.use(bodyGuard);

  // Every route of the contract's table, each with its handler (a missing one does not compile).
  const api = express.Router();
  registerRoutes(api, {
    ...authRoutes(deps),
    ...communityRoutes(deps),
    ...programsRoutes(deps),
    ...linksRoutes(deps),
    ...outcomesRoutes(deps),
    ...usersRoutes(deps),
    ...tiersRoutes(),
    ...announcementsRoutes(),
    ...analyticsRoutes(deps),
    ...digestRoutes(deps),
    ...termsRoutes(deps),
    ...alertsRoutes(
      deps,
      (caller) => (tx, details) =>
        activityIn(tx, {
          actor: { uid: caller.uid, role: "admin", email: caller.user.email },
          action: "alerts.change",
          target: { kind: "settings", id: "alerts", label: "Alerts channel" },
          details,
        }),
    ),
  });
  app.use("/api", api);

  app.use(notFoundHandler);
  app.use(errorMiddleware);
  return app;
}
