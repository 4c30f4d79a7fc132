import type { DecodedIdToken } from "firebase-admin/auth";
import { auth } from "../data/db";
import { ApiError } from "./api-error";
import { MESSAGES } from "../contract/errors";

/** Firebase Auth, the only holder of passwords and sessions. */

export async function verifyIdToken(idToken: string, checkRevoked: boolean): Promise<DecodedIdToken | null> {
  try {
    return await auth().verifyIdToken(idToken, checkRevoked);
  } catch (err) {
    const code = (err as { code?: string }).code ?? "";
    if (code.startsWith("auth/")) return null;
    throw err;
  }
}

/** The Auth account for an e-mail, made on first use (members never have a password). */
export async function ensureAuthUser(email: string): Promise<string> {
  try {
    return (await auth().getUserByEmail(email)).uid;
  } catch (err) {
    if ((err as { code?: string }).code !== "auth/user-not-found") throw err;
  }
  try {
    return (await auth().createUser({ email, emailVerified: true })).uid;
  } catch (err) {
    // Another request made it in between.
    if ((err as { code?: string }).code === "auth/email-already-exists") return (await auth().getUserByEmail(email)).uid;
    throw err;
  }
}

export async function createCustomToken(uid: string, claims?: Record<string, unknown>): Promise<string> {
  return auth().createCustomToken(uid, claims);
}

/** Ends every session of the account; an account that no longer exists has none to end. */
export async function revokeSessions(uid: string): Promise<void> {
  try {
    await auth().revokeRefreshTokens(uid);
  } catch (err) {
    if ((err as { code?: string }).code !== "auth/user-not-found") throw err;
  }
}

/** Gives an account the admin claim and ends its sessions so the next token carries the role. */
export async function grantAdminClaim(uid: string): Promise<void> {
  const user = await auth().getUser(uid);
  await auth().setCustomUserClaims(uid, { ...(user.customClaims ?? {}), admin: true });
}

export async function createPasswordUser(email: string, password: string): Promise<string> {
  try {
    return (await auth().createUser({ email, password, emailVerified: true })).uid;
  } catch (err) {
    if ((err as { code?: string }).code === "auth/email-already-exists") throw new ApiError("USER_EXISTS", "A user with this email already exists");
    throw err;
  }
}

export async function deleteAuthUser(uid: string): Promise<void> {
  await auth().deleteUser(uid);
}

/**
 * Checks a password with Firebase Auth's own sign-in endpoint (the Admin SDK cannot), so no
 * password is ever compared by our code. Returns the uid, or null for wrong credentials.
 */
export async function verifyPassword(email: string, password: string, webApiKey: string): Promise<string | null> {
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const base = emulatorHost ? `http://${emulatorHost}/identitytoolkit.googleapis.com` : "https://identitytoolkit.googleapis.com";
  const res = await fetch(`${base}/v1/accounts:signInWithPassword?key=${encodeURIComponent(webApiKey || "emulator")}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, returnSecureToken: false }),
    signal: AbortSignal.timeout(10_000),
  });
  if (res.ok) return String(((await res.json()) as { localId: string }).localId);
  const body = (await res.json().catch(() => ({}))) as { error?: { message?: string } };
  const reason = body.error?.message ?? "";
  if (reason.startsWith("TOO_MANY_ATTEMPTS")) throw new ApiError("RATE_LIMITED", MESSAGES.rateLimited, { retryAfterSeconds: 60 });
  if (/INVALID_LOGIN_CREDENTIALS|EMAIL_NOT_FOUND|INVALID_PASSWORD|USER_DISABLED|INVALID_EMAIL|MISSING_PASSWORD/.test(reason)) return null;
  throw new Error(`password check failed: ${res.status} ${reason}`);
}
