import { timingSafeEqual } from "node:crypto";
import { endImpersonationsBy } from "./impersonations.store";
import { PASSWORD_LOGIN_RATE_LIMITS, type RegisterRequest } from "@hub/contract/auth";
import type { CurrentUser, LoginResponse, Profile } from "@hub/contract/users";
import { memberTier, type TierSettings } from "@hub/contract/tiers";
import { readTierSettings } from "../accounts/tiers.store";
import { hitRateLimits } from "../platform/rate-limits.store";
import { loginRateLimits, rateLimitKey } from "../platform/rate-limit-policy";
import { sha256 } from "../platform/keys";
import { MESSAGES } from "@hub/contract/errors";
import { anyAdminExists, createFirstAdmin, getUserById, setWeeklyDigest, type UserRecord } from "../accounts/users.store";
import { ApiError } from "../platform/api-error";
import type { AppDeps } from "../platform/deps";
import type { Caller } from "../accounts/caller";
import { createCustomToken, createPasswordUser, deleteAuthUser, grantAdminClaim, revokeSessions, verifyPassword } from "./identity";
import { endOwnImpersonation } from "./impersonation.service";

/** The user answer; `tiers` as stored (accounts/tiers.store readTierSettings): the user's tier is worked out from them. */
export function toCurrentUser(user: UserRecord, impersonatedBy: string | null, tiers: TierSettings): CurrentUser {
  const { tierId, tierSource, weight } = memberTier(tiers, user);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    displayName: user.displayName,
    isAdmin: user.isAdmin,
    approved: user.approved,
    blocked: user.blocked,
    subscriptionStatus: user.subscriptionStatus,
    impersonatedBy,
    tierId,
    tierSource,
    weight,
  };
}

/** The member's own profile, their own tier with it (never anyone else's). */
export function toProfile(user: UserRecord, tiers: TierSettings): Profile {
  return {
    email: user.email,
    displayName: user.displayName,
    approved: user.approved,
    blocked: user.blocked,
    subscriptionStatus: user.subscriptionStatus,
    ...memberTier(tiers, user),
    weeklyDigest: user.weeklyDigest,
  };
}

/** PATCH /api/user/profile: the member's own settings (the weekly digest), the profile after it. */
export async function updateOwnProfile(caller: Caller, weeklyDigest: boolean): Promise<Profile> {
  const [user, tiers] = await Promise.all([setWeeklyDigest(caller.uid, weeklyDigest), readTierSettings()]);
  if (!user) throw new ApiError("NOT_FOUND", "User not found");
  return toProfile(user, tiers);
}

/**
 * The claims of a custom token minted right after the password was checked: the browser's sign-in
 * with it counts as a password sign-in at this moment (auth/auth.guard.ts, passwordSignInTime).
 */
const passwordSignInClaims = (now: Date) => ({ adminAuthTime: Math.floor(now.getTime() / 1000) });

/** Username and password, checked by Firebase Auth; one answer for every kind of wrong. */
export async function loginWithPassword(deps: AppDeps, username: string, password: string, ip: string | null): Promise<LoginResponse> {
  const retryAfterSeconds = await hitRateLimits(
    loginRateLimits(
      { key: rateLimitKey(deps.keyedHashSecret, "login", username), ...PASSWORD_LOGIN_RATE_LIMITS.perUsername },
      { keyOf: (address) => rateLimitKey(deps.keyedHashSecret, "login_ip", address), ...PASSWORD_LOGIN_RATE_LIMITS.perIp },
      ip,
    ),
    deps.now().getTime(),
  );
  if (retryAfterSeconds !== null) throw new ApiError("RATE_LIMITED", MESSAGES.rateLimited, { retryAfterSeconds });
  const uid = await verifyPassword(username, password, deps.webApiKey);
  const user = uid ? await getUserById(uid) : null;
  // Only admins have a password. A member's account with one was set up by someone else (self
  // sign-up with the member's e-mail): a custom token for it would launder that sign-in.
  if (!uid || !user?.isAdmin) throw new ApiError("INVALID_CREDENTIALS", MESSAGES.invalidCredentials);
  if (user.blocked) throw new ApiError("BLOCKED", MESSAGES.blocked);
  return {
    ...toCurrentUser(user, null, await readTierSettings()),
    customToken: await createCustomToken(uid, passwordSignInClaims(deps.now())),
  };
}

/** Whether the setup token given is the deploy's; compared in constant time, never by length. */
function isSetupToken(given: string | undefined, expected: string): boolean {
  if (!given || !expected) return false;
  return timingSafeEqual(Buffer.from(sha256(given), "hex"), Buffer.from(sha256(expected), "hex"));
}

/**
 * The first admin, only while there is none, and in a deployed project only with the setup secret
 * the operator set (ADMIN_SETUP_TOKEN): a fresh deploy is not anyone's for the taking.
 */
export async function registerFirstAdmin(deps: AppDeps, { username, password, setupToken }: RegisterRequest): Promise<LoginResponse> {
  const closed = () => new ApiError("REGISTRATION_CLOSED", "Registration is closed: an administrator already exists");
  if (await anyAdminExists()) throw closed();
  if (deps.adminSetupToken !== null && !isSetupToken(setupToken, deps.adminSetupToken)) {
    throw new ApiError("SETUP_TOKEN_INVALID", "The setup token is missing or wrong");
  }
  const uid = await createPasswordUser(username, password);
  // The claim first: a document saying admin without the claim would close registration for good
  // while nobody could act as admin. Any failure removes the account again.
  const created = await grantAdminClaim(uid)
    .then(() => createFirstAdmin(uid, username))
    .catch(async (err: unknown) => {
      await deleteAuthUser(uid);
      throw err;
    });
  if (!created) {
    // Someone else became the first admin between our check and our write.
    await deleteAuthUser(uid);
    throw closed();
  }
  const user = await getUserById(uid);
  if (!user) throw new Error("registered admin has no document");
  return {
    ...toCurrentUser(user, null, await readTierSettings()),
    customToken: await createCustomToken(uid, passwordSignInClaims(deps.now())),
  };
}

/**
 * Logout. With an impersonation token it ends that impersonation only: the member's own sessions
 * are theirs and stay. Otherwise every session of the caller ends, and an admin's impersonations too.
 */
export async function logout(caller: Caller, now: Date): Promise<void> {
  if (caller.impersonationId) {
    await endOwnImpersonation(caller, "logout", now);
    return;
  }
  await revokeSessions(caller.uid);
  if (caller.user.isAdmin) await endImpersonationsBy(caller.uid, "admin-logout", now);
}
