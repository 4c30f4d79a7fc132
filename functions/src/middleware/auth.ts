import type { NextFunction, Request, RequestHandler, Response } from "express";
import { MESSAGES } from "../contract/errors";
import { isActiveSubscriptionStatus } from "../contract/users";
import { getUserById, type UserRecord } from "../data/users.repo";
import { ApiError } from "../services/api-error";
import { verifyIdToken } from "../services/identity";

export interface Caller {
  uid: string;
  isAdmin: boolean;
  impersonatedBy: string | null;
  user: UserRecord;
}

type Level = "optional" | "member" | "admin" | "impersonation";

function bearerToken(req: Request): string | null {
  const header = req.get("authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new ApiError("UNAUTHENTICATED", MESSAGES.unauthenticated);
  return match[1]!;
}

/**
 * Who is calling, from the Firebase ID token alone: never from anything else the browser says.
 * Admin routes also check that the token was not revoked (logout, block, role change).
 */
async function resolveCaller(req: Request, level: Level): Promise<Caller | null> {
  const token = bearerToken(req);
  if (!token) return null;
  const decoded = await verifyIdToken(token, level === "admin");
  if (!decoded) return null;
  const user = await getUserById(decoded.uid);
  if (!user) return null;
  const impersonatedBy = typeof decoded.impersonatedBy === "string" ? decoded.impersonatedBy : null;
  // The claim and the document must agree: a stale token of a demoted admin is not an admin.
  return { uid: decoded.uid, isAdmin: decoded.admin === true && user.isAdmin, impersonatedBy, user };
}

/**
 * A member whose last subscription check found no active or trialing subscription loses access
 * at once (their sessions are revoked too, but an ID token lives up to an hour). Admins, admin-made
 * users and an admin acting as a member are exempt; a user never checked (null) is let through.
 */
function lostSubscription(caller: Caller): boolean {
  const { user } = caller;
  if (caller.isAdmin || caller.impersonatedBy || user.isAdmin || user.createdByAdmin || user.subscriptionStatus === null) return false;
  return !isActiveSubscriptionStatus(user.subscriptionStatus);
}

export function authenticate(level: Level): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    let caller: Caller | null;
    try {
      caller = await resolveCaller(req, level);
    } catch (err) {
      // A malformed header on an open route is simply anonymous.
      if (level === "optional" && err instanceof ApiError) caller = null;
      else throw err;
    }
    if (caller) req.caller = caller;
    if (level === "optional") return next();
    if (!caller) throw new ApiError("UNAUTHENTICATED", MESSAGES.unauthenticated);
    if (caller.user.blocked) throw new ApiError("BLOCKED", MESSAGES.blocked);
    if (lostSubscription(caller)) throw new ApiError("NO_ACTIVE_SUBSCRIPTION", MESSAGES.noActiveSubscription);
    if (level === "admin" && !caller.isAdmin) throw new ApiError("FORBIDDEN", MESSAGES.forbidden);
    if (level === "impersonation" && !caller.impersonatedBy) throw new ApiError("FORBIDDEN", "You are not impersonating anyone");
    next();
  };
}

/** The verified caller of a route behind `authenticate('member' | 'admin')`. */
export function callerOf(req: Request): Caller {
  if (!req.caller) throw new ApiError("UNAUTHENTICATED", MESSAGES.unauthenticated);
  return req.caller;
}
