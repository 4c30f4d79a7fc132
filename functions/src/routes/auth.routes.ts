import { Router } from "express";
import { emailLoginRequestSchema, tokenLoginQuerySchema, type SessionResponse } from "@hub/contract/auth";
import { authenticate, callerOf } from "../middleware/auth";
import { logout } from "../services/accounts";
import { defineRoute } from "./define-route";
import type { AppDeps } from "../services/deps";
import { exchangeLoginToken, requestLoginLink } from "../services/email-login";
import { clientIp } from "./client-ip";

export function authRoutes(deps: AppDeps): Router {
  const router = Router();

  // POST /api/auth/email – e-mail a member a login link
  defineRoute(router, "POST /auth/email", async (req, res) => {
    const { email } = emailLoginRequestSchema.parse(req.body ?? {});
    res.json(await requestLoginLink(deps, email.toLowerCase(), clientIp(req, deps.clientIp), email));
  });

  // GET /api/auth/login?token= – exchange a login link's token for a Firebase custom token
  defineRoute(router, "GET /auth/login", async (req, res) => {
    const { token } = tokenLoginQuerySchema.parse(req.query);
    res.json(await exchangeLoginToken(deps, token, clientIp(req, deps.clientIp)));
  });

  // GET /api/auth/session – whether the caller is signed in; never 401
  defineRoute(router, "GET /auth/session", authenticate("optional"), (req, res) => {
    const body: SessionResponse = req.caller && !req.caller.user.blocked
      ? { authenticated: true, email: req.caller.user.email }
      : { authenticated: false, email: null };
    res.json(body);
  });

  // POST /api/auth/logout – end the member's sessions everywhere
  defineRoute(router, "POST /auth/logout", async (req, res) => {
    await logout(callerOf(req), deps.now());
    res.status(204).end();
  });

  return router;
}
