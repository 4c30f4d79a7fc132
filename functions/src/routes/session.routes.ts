import { Router } from "express";
import { loginRequestSchema, registerRequestSchema } from "@hub/contract/auth";
import { callerOf } from "../middleware/auth";
import { loginWithPassword, logout, registerFirstAdmin, toCurrentUser, toProfile } from "../services/accounts";
import { defineRoute } from "./define-route";
import type { AppDeps } from "../services/deps";
import { clientIp } from "./client-ip";

export function sessionRoutes(deps: AppDeps): Router {
  const router = Router();

  // GET /api/user – the signed-in user, or 401
  defineRoute(router, "GET /user", (req, res) => {
    const caller = callerOf(req);
    res.json(toCurrentUser(caller.user, caller.impersonatedBy));
  });

  // GET /api/user/profile – the member's own profile
  defineRoute(router, "GET /user/profile", (req, res) => {
    res.json(toProfile(callerOf(req).user));
  });

  // POST /api/login – username and password, for clients that cannot use the Firebase SDK
  defineRoute(router, "POST /login", async (req, res) => {
    const { username, password } = loginRequestSchema.parse(req.body ?? {});
    res.json(await loginWithPassword(deps, username, password, clientIp(req, deps.clientIp)));
  });

  // POST /api/register – the first admin, only while no admin exists
  defineRoute(router, "POST /register", async (req, res) => {
    const { username, password, setupToken } = registerRequestSchema.parse(req.body ?? {});
    res.status(201).json(await registerFirstAdmin(deps, { username, password, setupToken }));
  });

  // POST /api/logout – end the caller's sessions everywhere
  defineRoute(router, "POST /logout", async (req, res) => {
    await logout(callerOf(req), deps.now());
    res.status(204).end();
  });

  return router;
}
