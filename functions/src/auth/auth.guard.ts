import type { DecodedIdToken } from "firebase-admin/auth";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { MESSAGES } from "@hub/contract/errors";
import { isActiveSubscriptionStatus } from "@hub/contract/users";
import { getImpersonation, type ImpersonationRecord } from "./impersonations.store";
import { recordAudit } from "../accounts/audit.store";
import { getUserById, type UserRecord } from "../accounts/users.store";
import { ApiError } from "../platform/api-error";
import type { Caller } from "../accounts/caller";
import { RevokedIdToken, verifyIdToken } from "./identity";

export type Level = "optional" | "member" | "admin" | "impersonation";

/** What resolving a caller reads; the real ones by default, fakes in the guard's unit test. */
export interface CallerLookups {
  verifyIdToken: (token: string, checkRevoked: boolean) => Promise<DecodedIdToken | RevokedIdToken | null>;
  getUserById: (uid: string) => Promise<UserRecord | null>;
  getImpersonation: (id: string) => Promise<ImpersonationRecord | null>;
  now: () => Date;
}

const realLookups: CallerLookups = { verifyIdToken, getUserById, getImpersonation, now: () => new Date() };

function bearerToken(req: Request): string | null {
  const header = req.get("authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new ApiError("UNAUTHENTICATED", MESSAGES.unauthenticated);
  return match[1]!;
}

/**
 * Whether a token must also be checked against revocation (one more call to Firebase Auth). Admin
 * routes, and any token that carries the admin claim whatever the route: a logged-out admin's token
 * must not act as an admin on member routes either (submitting for any e-mail, approved programs).
 */
export function needsRevocationCheck(level: Level, decoded: DecodedIdToken): boolean {
  return level === "admin" || decoded.admin === true;
}

/** An impersonation token is good only while the session it names is open and is this one. */
function isOpenSession(session: ImpersonationRecord | null, decoded: DecodedIdToken, adminUid: string, now: Date): boolean {
  return (
    session !== null &&
    session.endedAt === null &&
    now < session.expiresAt &&
    session.memberUid === decoded.uid &&
    session.adminUid === adminUid
  );
}

/**
 * When the caller last proved the admin password, in seconds since the epoch, or null: what fresh-sign-in
 * checks read. A password sign-in counts from its own auth_time. A custom token's sign-in counts only
 * through the claim adminAuthTime, which the hub sets on the tokens it mints after checking the
 * password (POST /api/login) or when 'Back to Admin' hands the admin's earlier sign-in back (a custom
 * token cannot set auth_time, and its own auth_time is the moment of the exchange). An e-mail-link
 * sign-in carries no such claim: it proves the mailbox, not the password, so it never counts.
 */
export function passwordSignInTime(decoded: DecodedIdToken): number | null {
  const provider = decoded.firebase.sign_in_provider;
  if (provider === "password") return decoded.auth_time;
  if (provider === "custom" && typeof decoded.adminAuthTime === "number") return decoded.adminAuthTime;
  return null;
}

/**
 * Who is calling, from the Firebase ID token alone: never from anything else the browser says.
 * Null means "no usable token": the caller is then anonymous (401 on signed-in routes).
 *
 * - A non-admin's token counts only if it came from the hub's own sign-in (a custom token): members
 *   have no password, so a token from any other sign-in belongs to an account someone else set up.
 * - An impersonation token counts only while its recorded session is open.
 */
export async function resolveCaller(token: string, level: Level, lookups: CallerLookups = realLookups): Promise<Caller | null> {
  let verified = await lookups.verifyIdToken(token, false);
  if (verified && !(verified instanceof RevokedIdToken) && needsRevocationCheck(level, verified)) {
    verified = await lookups.verifyIdToken(token, true);
  }
  if (!verified) return null;
  if (verified instanceof RevokedIdToken) return refuseRevoked(await callerOfToken(verified.claims, lookups));
  return callerOfToken(verified, lookups);
}

/**
 * A revoked token is no token, except that a user whose sessions a block or a lapse ended is told
 * why: whether the revocation caught their token depends only on whether it was issued in an earlier
 * second than the block, so without this the same block answered 403 or 401 by chance.
 */
function refuseRevoked(caller: Caller | null): null {
  if (caller?.user.blocked) throw new ApiError("BLOCKED", MESSAGES.blocked);
  if (caller && lostSubscription(caller)) throw new ApiError("NO_ACTIVE_SUBSCRIPTION", MESSAGES.noActiveSubscription);
  return null;
}

async function callerOfToken(decoded: DecodedIdToken, lookups: CallerLookups): Promise<Caller | null> {
  const impersonatedBy = typeof decoded.impersonatedBy === "string" ? decoded.impersonatedBy : null;
  const impersonationId = typeof decoded.impersonationId === "string" ? decoded.impersonationId : null;
  if (impersonatedBy && !impersonationId) return null;
  const [user, session] = await Promise.all([
    lookups.getUserById(decoded.uid),
    impersonationId ? lookups.getImpersonation(impersonationId) : null,
  ]);
  if (!user) return null;
  if (impersonatedBy && !isOpenSession(session, decoded, impersonatedBy, lookups.now())) return null;

  // The claim and the document must agree: a stale token of a demoted admin is not an admin.
  const isAdmin = decoded.admin === true && user.isAdmin && !impersonatedBy;
  if (!isAdmin && decoded.firebase.sign_in_provider !== "custom") return null;
  return { uid: decoded.uid, isAdmin, impersonatedBy, impersonationId, authTime: passwordSignInTime(decoded), user };
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

const READ_ONLY_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Every change an admin makes while acting as a member is on record under the admin's name. */
async function auditImpersonatedChange(req: Request, caller: Caller): Promise<void> {
  if (!caller.impersonatedBy || READ_ONLY_METHODS.has(req.method)) return;
  await recordAudit({
    actorUid: caller.impersonatedBy,
    action: "impersonation.request",
    targetUid: caller.uid,
    targetEmail: caller.user.username,
    details: { impersonationId: caller.impersonationId, method: req.method, path: req.originalUrl.split("?")[0] },
  });
}

export function authenticate(level: Level): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    let caller: Caller | null;
    try {
      const token = bearerToken(req);
      caller = token ? await resolveCaller(token, level) : null;
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
    await auditImpersonatedChange(req, caller);
    next();
  };
}

/** The verified caller of a route behind `authenticate('member' | 'admin')`. */
export function callerOf(req: Request): Caller {
  if (!req.caller) throw new ApiError("UNAUTHENTICATED", MESSAGES.unauthenticated);
  return req.caller;
}
