import { endImpersonation, startImpersonation, type ImpersonationEndReason, type ImpersonationRecord } from "./impersonations.store";
import { findUserByUsername, getUserById } from "../accounts/users.store";
import type { Caller } from "../accounts/caller";
import { ApiError } from "../platform/api-error";
import { createCustomToken } from "./identity";

/** An impersonation ends by itself this long after it started. */
export const IMPERSONATION_TTL_MS = 60 * 60 * 1000;

/**
 * 'Log in as user': a recorded session, and a token for the member that names it and carries
 * `impersonatedBy`, so every call made with it acts as that member only (no admin claim), can find
 * its way back, and stops working the moment the session ends (auth/auth.guard.ts).
 */
export async function loginAsUser(caller: Caller, email: string, now: Date): Promise<{ email: string; customToken: string }> {
  const target = await findUserByUsername(email);
  if (!target) throw new ApiError("NOT_FOUND", "User not found");
  if (target.isAdmin) throw new ApiError("BAD_REQUEST", "Administrators cannot be impersonated");
  const impersonationId = await startImpersonation(
    {
      adminUid: caller.uid,
      memberUid: target.id,
      memberEmail: target.username,
      startedAt: now,
      expiresAt: new Date(now.getTime() + IMPERSONATION_TTL_MS),
      adminAuthTime: caller.authTime,
    },
    { actorUid: caller.uid, action: "impersonation.start", targetUid: target.id, targetEmail: target.username },
  );
  const customToken = await createCustomToken(target.id, { impersonatedBy: caller.uid, impersonationId });
  return { email: target.username, customToken };
}

/**
 * Ends the caller's own impersonation session (their token stops working); the member's sessions stay.
 * Returns the session as it was, or null when there is none.
 */
export async function endOwnImpersonation(caller: Caller, reason: ImpersonationEndReason, now: Date): Promise<ImpersonationRecord | null> {
  if (!caller.impersonationId || !caller.impersonatedBy) return null;
  return endImpersonation(caller.impersonationId, reason, now, {
    actorUid: caller.impersonatedBy,
    action: "impersonation.end",
    targetUid: caller.uid,
    targetEmail: caller.user.username,
  });
}

/**
 * Back to the admin who started the impersonation: the session ends, the admin gets a token again.
 * The token's own sign-in is now, so it carries the admin's sign-in from before the impersonation
 * (adminAuthTime), which fresh-sign-in checks read instead: without it, any admin token (a stolen
 * one too) could impersonate and come back fresh enough to change the password.
 */
export async function returnToAdmin(caller: Caller, now: Date): Promise<{ customToken: string }> {
  if (!caller.impersonatedBy) throw new ApiError("FORBIDDEN", "You are not impersonating anyone");
  const session = await endOwnImpersonation(caller, "returned", now);
  const admin = await getUserById(caller.impersonatedBy);
  if (!admin?.isAdmin || admin.blocked) throw new ApiError("FORBIDDEN", "The administrator account is no longer available");
  const adminAuthTime = session?.adminAuthTime ?? null;
  return { customToken: await createCustomToken(admin.id, adminAuthTime === null ? undefined : { adminAuthTime }) };
}
