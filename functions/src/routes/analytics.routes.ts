import { Router } from "express";
import { analyticsQuerySchema } from "@hub/contract/analytics";
import { clicksIn, usersIn } from "../services/analytics/analytics.service";
import { defineRoute } from "./define-route";

export function analyticsRoutes(): Router {
  const router = Router();

  // GET /api/analytics/clicks?timeFilter= – clicks per link per day (per month when older than 30 days)
  defineRoute(router, "GET /analytics/clicks", async (req, res) => {
    const { timeFilter } = analyticsQuerySchema.parse(req.query);
    res.json(await clicksIn(timeFilter));
  });

  // GET /api/analytics/users?timeFilter= – clicks, all-time clicks and active links per link owner
  defineRoute(router, "GET /analytics/users", async (req, res) => {
    const { timeFilter } = analyticsQuerySchema.parse(req.query);
    res.json(await usersIn(timeFilter));
  });

  return router;
}
