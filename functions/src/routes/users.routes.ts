import { Router, type Request } from "express";
import { z } from "@hub/contract/zod";
import { LIMITS } from "@hub/contract/common";
import {
  changePasswordRequestSchema,
  createUserRequestSchema,
  loginAsUserRequestSchema,
  mergeAccountsRequestSchema,
  updateUserRequestSchema,
} from "@hub/contract/users";
import { callerOf } from "../middleware/auth";
import { defineRoute } from "./define-route";
import type { AppDeps } from "../services/deps";
import { loginAsUser, returnToAdmin } from "../services/impersonation";
import { autoApproveSubscribers, checkAllSubscriptions, checkUserSubscription } from "../services/subscription-checks";
import {
  approveUser,
  blockUser,
  changeOwnPassword,
  createUserByAdmin,
  duplicateGroups,
  editUser,
  listUsers,
  mergeAccounts,
  removeUser,
  userByUsername,
} from "../services/users.service";
import { ApiError } from "../services/api-error";

const usernameParam = z.object({ username: z.string().min(1).max(LIMITS.email) });
const usernameOf = (req: Request): string => {
  const parsed = usernameParam.safeParse(req.params);
  if (!parsed.success) throw new ApiError("NOT_FOUND", "User not found");
  return parsed.data.username;
};

export function usersRoutes(deps: AppDeps): Router {
  const router = Router();

  // GET /api/users – every user with link counts, by username
  defineRoute(router, "GET /users", async (_req, res) => {
    res.json(await listUsers());
  });

  // PATCH /api/users/:username – name, notes, e-mail (with every link's), payment IDs
  defineRoute(router, "PATCH /users/:username", async (req, res) => {
    const body = updateUserRequestSchema.parse(req.body ?? {});
    res.json(await editUser(callerOf(req), usernameOf(req), body));
  });

  // DELETE /api/users/:username – the user, their links, clicks, tokens and sign-in
  defineRoute(router, "DELETE /users/:username", async (req, res) => {
    await removeUser(callerOf(req), usernameOf(req));
    res.status(204).end();
  });

  // POST /api/users/:username/block | unblock | approve
  defineRoute(router, "POST /users/:username/block", async (req, res) => {
    res.json(await blockUser(callerOf(req), usernameOf(req), true, deps.now()));
  });
  defineRoute(router, "POST /users/:username/unblock", async (req, res) => {
    res.json(await blockUser(callerOf(req), usernameOf(req), false, deps.now()));
  });
  defineRoute(router, "POST /users/:username/approve", async (req, res) => {
    res.json(await approveUser(callerOf(req), usernameOf(req)));
  });

  // POST /api/admin/create-user – approved at once, no subscription needed
  defineRoute(router, "POST /admin/create-user", async (req, res) => {
    const { email } = createUserRequestSchema.parse(req.body ?? {});
    res.status(201).json(await createUserByAdmin(callerOf(req), email));
  });

  // POST /api/admin/password – the signed-in admin's own password
  defineRoute(router, "POST /admin/password", async (req, res) => {
    const { password } = changePasswordRequestSchema.parse(req.body ?? {});
    await changeOwnPassword(callerOf(req), password, deps.now());
    res.status(204).end();
  });

  // POST /api/admin/check-subscription/:username – ask Stripe now
  defineRoute(router, "POST /admin/check-subscription/:username", async (req, res) => {
    const user = await userByUsername(usernameOf(req));
    res.json(await checkUserSubscription(deps, user));
  });

  // POST /api/admin/check-all-subscriptions – every member, as the daily job does
  defineRoute(router, "POST /admin/check-all-subscriptions", async (req, res) => {
    res.json(await checkAllSubscriptions(deps, "admin", callerOf(req).uid));
  });

  // POST /api/admin/auto-approve-subscribers – approve members with an active subscription
  defineRoute(router, "POST /admin/auto-approve-subscribers", async (req, res) => {
    res.json(await autoApproveSubscribers(deps, callerOf(req).uid));
  });

  // GET /api/admin/duplicate-users – accounts sharing an e-mail, oldest first
  defineRoute(router, "GET /admin/duplicate-users", async (_req, res) => {
    res.json(await duplicateGroups());
  });

  // POST /api/admin/merge-accounts – fold a duplicate into the primary
  defineRoute(router, "POST /admin/merge-accounts", async (req, res) => {
    const { primaryEmail, duplicateEmail } = mergeAccountsRequestSchema.parse(req.body ?? {});
    res.json(await mergeAccounts(callerOf(req), primaryEmail, duplicateEmail));
  });

  // POST /api/auth/login-as-user – a token to act as a member ('Log in as user')
  defineRoute(router, "POST /auth/login-as-user", async (req, res) => {
    const { email } = loginAsUserRequestSchema.parse(req.body ?? {});
    res.json(await loginAsUser(callerOf(req), email, deps.now()));
  });

  // POST /api/auth/return-to-admin – back from impersonation
  defineRoute(router, "POST /auth/return-to-admin", async (req, res) => {
    res.json(await returnToAdmin(callerOf(req), deps.now()));
  });

  return router;
}
