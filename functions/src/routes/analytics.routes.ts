import { Router } from "express";
import { analyticsQuerySchema } from "../contract/analytics";
import { authenticate } from "../middleware/auth";
import { clicksIn, usersIn } from "../services/analytics/analytics.service";

export function analyticsRoutes(): Router {
  const router = Router();
  const admin = authenticate("admin");

  // GET /api/analytics/clicks?timeFilter= – clicks per link per day (per month when older than 30 days)
  router.get("/analytics/clicks", admin, async (req, res) => {
    const { timeFilter } = analyticsQuerySchema.parse(req.query);
    res.json(await clicksIn(timeFilter));
  });

  // GET /api/analytics/users?timeFilter= – clicks, all-time clicks and active links per link owner
  router.get("/analytics/users", admin, async (req, res) => {
    const { timeFilter } = analyticsQuerySchema.parse(req.query);
    res.json(await usersIn(timeFilter));
  });

  return router;
}
