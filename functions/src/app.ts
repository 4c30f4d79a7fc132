import express, { type Express } from "express";
import { bodyGuard } from "./platform/http/body";
import { errorMiddleware, notFoundHandler } from "./platform/http/errors";
import { securityHeaders } from "./platform/http/security-headers";
import { analyticsRoutes } from "./analytics/analytics.routes";
import { announcementsRoutes } from "./announcements/announcements.routes";
import { authRoutes } from "./auth/auth.routes";
import { communityRoutes } from "./community/community.routes";
import { linksRoutes } from "./links/links.routes";
import { programsRoutes } from "./programs/programs.routes";
import { registerRoutes } from "./route-table";
import { usersRoutes } from "./members/members.routes";
import type { AppDeps } from "./platform/deps";

/** The /api application: the contract's routes, one error middleware. */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.use(securityHeaders);
  app.use(bodyGuard);

  // Every route of the contract's table, each with its handler (a missing one does not compile).
  const api = express.Router();
  registerRoutes(api, {
    ...authRoutes(deps),
    ...communityRoutes(deps),
    ...programsRoutes(deps),
    ...linksRoutes(deps),
    ...usersRoutes(deps),
    ...announcementsRoutes(),
    ...analyticsRoutes(),
  });
  app.use("/api", api);

  app.use(notFoundHandler);
  app.use(errorMiddleware);
  return app;
}
