import express, { type Express } from "express";
import { bodyGuard } from "./middleware/body";
import { errorMiddleware, notFoundHandler } from "./middleware/errors";
import { securityHeaders } from "./middleware/security-headers";
import { analyticsRoutes } from "./routes/analytics.routes";
import { announcementsRoutes } from "./routes/announcements.routes";
import { authRoutes } from "./routes/auth.routes";
import { communityRoutes } from "./routes/community.routes";
import { linksRoutes } from "./routes/links.routes";
import { programsRoutes } from "./routes/programs.routes";
import { registerRoutes } from "./routes/route-table";
import { usersRoutes } from "./routes/users.routes";
import type { AppDeps } from "./services/deps";

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
