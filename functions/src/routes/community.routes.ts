import { Router } from "express";
import { defineRoute } from "./define-route";
import { ApiError } from "../services/api-error";
import type { AppDeps } from "../services/deps";

export function communityRoutes(deps: AppDeps): Router {
  const router = Router();

  // GET /api/public/community – open to everyone: the community's name, join page and support address
  defineRoute(router, "GET /public/community", (_req, res) => {
    // the same for every visitor and it changes only with a deploy: browsers and the CDN may keep it a while
    if (!deps.community) throw new ApiError("UPSTREAM_UNAVAILABLE", "The community's details are not configured");
    res.set("Cache-Control", "public, max-age=300").json(deps.community);
  });

  return router;
}
