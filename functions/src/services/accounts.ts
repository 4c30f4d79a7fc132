import { PASSWORD_LOGIN_RATE_LIMITS } from "../contract/auth";
import type { CurrentUser, LoginResponse, Profile } from "../contract/users";
import { hitRateLimits } from "../data/rate-limits.repo";
import { sha256 } from "../data/keys";
import { MESSAGES } from "../contract/errors";
import { anyAdminExists, createFirstAdmin, getUserById, type UserRecord } from "../data/users.repo";
import { ApiError } from "./api-error";
import type { AppDeps } from "./deps";
import { createCustomToken, createPasswordUser, deleteAuthUser, grantAdminClaim, revokeSessions, verifyPassword } from "./identity";

export function toCurrentUser(user: UserRecord, impersonatedBy: string | null): CurrentUser {
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
  };
}

export function toProfile(user: UserRecord): Profile {
  return {
    email: user.email,
    displayName: user.displayName,
    approved: user.approved,
    blocked: user.blocked,
    subscriptionStatus: user.subscriptionStatus,
  };
}

/** Username and password, checked by Firebase Auth; one answer for every kind of wrong. */
export async function loginWithPassword(deps: AppDeps, username: string, password: string, ip: string): Promise<LoginResponse> {
  const retryAfterSeconds = await hitRateLimits(
    [
      { key: `login_${sha256(username)}`, ...PASSWORD_LOGIN_RATE_LIMITS.perUsername },
      { key: `login_ip_${sha256(ip)}`, ...PASSWORD_LOGIN_RATE_LIMITS.perIp },
    ],
    deps.now().getTime(),
  );
  if (retryAfterSeconds !== null) throw new ApiError("RATE_LIMITED", MESSAGES.rateLimited, { retryAfterSeconds });
  const uid = await verifyPassword(username, password, deps.webApiKey);
  const user = uid ? await getUserById(uid) : null;
  if (!uid || !user) throw new ApiError("INVALID_CREDENTIALS", MESSAGES.invalidCredentials);
  if (user.blocked) throw new ApiError("BLOCKED", MESSAGES.blocked);
  return { ...toCurrentUser(user, null), customToken: await createCustomToken(uid) };
}

/** The first admin, only while there is none. */
export async function registerFirstAdmin(username: string, password: string): Promise<LoginResponse> {
  const closed = () => new ApiError("REGISTRATION_CLOSED", "Registration is closed: an administrator already exists");
  if (await anyAdminExists()) throw closed();
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
  return { ...toCurrentUser(user, null), customToken: await createCustomToken(uid) };
}

export async function logout(uid: string): Promise<void> {
  await revokeSessions(uid);
}
