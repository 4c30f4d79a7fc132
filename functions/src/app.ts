import express, { type Express } from "express";
import { bodyGuard } from "./middleware/body";
import { errorMiddleware, notFoundHandler } from "./middleware/errors";
import { securityHeaders } from "./middleware/security-headers";
import { adminRoutes } from "./routes/admin.routes";
import { analyticsRoutes } from "./routes/analytics.routes";
import { announcementsRoutes } from "./routes/announcements.routes";
import { authRoutes } from "./routes/auth.routes";
import { communityRoutes } from "./routes/community.routes";
import { linksRoutes } from "./routes/links.routes";
import { programsRoutes } from "./routes/programs.routes";
import { usersRoutes } from "./routes/users.routes";
import { sessionRoutes } from "./routes/session.routes";
import type { AppDeps } from "./services/deps";

/** The /api application: one router per resource, one error middleware. */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.use(securityHeaders);
  app.use(bodyGuard);

  const api = express.Router();
  api.use(authRoutes(deps));
  api.use(sessionRoutes(deps));
  api.use(communityRoutes(deps));
  api.use(programsRoutes(deps));
  api.use(linksRoutes(deps));
  api.use(announcementsRoutes());
  api.use(adminRoutes(deps));
  api.use(usersRoutes(deps));
  api.use(analyticsRoutes());
  app.use("/api", api);

  app.use(notFoundHandler);
  app.use(errorMiddleware);
  return app;
}
