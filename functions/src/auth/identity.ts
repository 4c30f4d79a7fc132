import type { DecodedIdToken, UserRecord as AuthUserRecord } from "firebase-admin/auth";
import { logger } from "firebase-functions";
import { auth } from "../platform/db";
import { getUserById, type UserRecord } from "../accounts/users.store";
import { ApiError } from "../platform/api-error";
import { MESSAGES } from "@hub/contract/errors";

/** Firebase Auth, the only holder of passwords and sessions. */

/** A token whose only fault is that its sessions were ended (logout, block, lapse): its claims, verified. */
export class RevokedIdToken {
  constructor(readonly claims: DecodedIdToken) {}
}

export async function verifyIdToken(idToken: string, checkRevoked: boolean): Promise<DecodedIdToken | RevokedIdToken | null> {
  try {
    return await auth().verifyIdToken(idToken, checkRevoked);
  } catch (err) {
    const code = (err as { code?: string }).code ?? "";
    // The SDK checks revocation only after the token passed every other check (signature, expiry,
    // audience), so its claims can be read as they are. Against the emulator it checks on every call.
    if (code === "auth/id-token-revoked") return new RevokedIdToken(claimsOf(idToken));
    if (code.startsWith("auth/")) return null;
    throw err;
  }
}

function claimsOf(idToken: string): DecodedIdToken {
  const payload = JSON.parse(Buffer.from(idToken.split(".")[1] ?? "", "base64url").toString("utf8")) as DecodedIdToken;
  return { ...payload, uid: payload.sub };
}

const authCode = (err: unknown): string => (err as { code?: string }).code ?? "";

/** Whether someone holds a password for this account: members never have one, so it is not theirs. */
function hasPassword(account: AuthUserRecord): boolean {
  return account.providerData.some((provider) => provider.providerId === "password");
}

/** No provider and no password: only the hub's custom tokens open it, so only the hub made it. */
function madeByHubSignIn(account: AuthUserRecord): boolean {
  return account.providerData.length === 0 && !account.passwordHash;
}

async function accountOrNull(lookup: Promise<AuthUserRecord>): Promise<AuthUserRecord | null> {
  try {
    return await lookup;
  } catch (err) {
    if (authCode(err) === "auth/user-not-found") return null;
    throw err;
  }
}

/**
 * A fresh, password-less account with this uid and e-mail, in place of whatever held the uid: the
 * uid stays (the user's data hangs off it), every way in that someone else set up goes. Removing
 * only the password provider would do in production, but the Auth emulator then clears the e-mail
 * too, so the account is deleted and made again; its sessions end.
 */
async function replaceAccount(uid: string, email: string): Promise<void> {
  await auth()
    .deleteUser(uid)
    .catch((err: unknown) => {
      if (authCode(err) !== "auth/user-not-found") throw err;
    });
  try {
    await auth().createUser({ uid, email, emailVerified: true });
  } catch (err) {
    // A request racing with this one made the fresh account first; it must be just as clean.
    if (authCode(err) !== "auth/uid-already-exists" || hasPassword(await auth().getUser(uid))) throw err;
  }
  await revokeSessions(uid);
}

/**
 * The sign-in account a member (or a user an admin creates) will use, fit to be theirs: made on first
 * use; replaced before use when anyone else could hold a way into it. Anyone can sign up to Firebase
 * Auth with a member's e-mail and a password of their own (the web API key is public) before the
 * member first signs in: such an account has no user document, or a password while its user is not
 * an admin. Adopting it would let that password open the member's account (pre-hijacking).
 *
 * `user` is the member's user document if they have one; its id is the account's uid.
 */
export async function secureMemberAccount(email: string, user: Pick<UserRecord, "id" | "isAdmin"> | null): Promise<string> {
  const account = await accountOrNull(user ? auth().getUser(user.id) : auth().getUserByEmail(email));
  if (!account) return user ? await recreateAccount(user.id, email) : await createMemberAccount(email);
  const owner = user ?? (await getUserById(account.uid));
  // No user yet, but no way to sign in either (no provider: only the hub's custom tokens open it):
  // the account a concurrent first sign-in of this member has just made. Replacing it would delete it
  // under that request (which then fails, or makes a second account for the e-mail); its sessions
  // are ended all the same, so nothing signed in to it before is kept.
  if (!owner && madeByHubSignIn(account)) {
    await revokeSessions(account.uid);
    return account.uid;
  }
  if (!owner || (hasPassword(account) && !owner.isAdmin)) {
    logger.warn("sign-in account replaced: it had no user or a password its member never set", {
      uid: account.uid,
      hadUser: owner !== null,
    });
    await replaceAccount(account.uid, email);
  }
  return account.uid;
}

/**
 * The sign-in account `admin:create` makes an admin of, by the rule sign-in follows: an account that
 * has a user is that user's (secured as at their sign-in); one without a user is somebody's self
 * sign-up, and whatever they set up on it (a password, a Google sign-in) would open the admin account
 * once it has the claim: it is deleted and made anew, never adopted. Only an account with no provider
 * and no password, which a concurrent first sign-in of the hub has just made, is taken (its sessions
 * end). `created` says whether the e-mail had no user before.
 */
export async function secureAdminAccount(email: string): Promise<{ uid: string; created: boolean }> {
  const account = await accountOrNull(auth().getUserByEmail(email));
  const owner = account ? await getUserById(account.uid) : null;
  if (account && owner) return { uid: await secureMemberAccount(email, owner), created: false };
  if (account && madeByHubSignIn(account)) {
    await revokeSessions(account.uid);
    return { uid: account.uid, created: true };
  }
  if (account) {
    logger.warn("sign-in account without a user removed before making its e-mail an admin", { uid: account.uid });
    await auth().deleteUser(account.uid);
  }
  return { uid: (await auth().createUser({ email, emailVerified: true })).uid, created: true };
}

/** A user whose sign-in account went missing gets one again, under their own uid. */
async function recreateAccount(uid: string, email: string): Promise<string> {
  const holder = await accountOrNull(auth().getUserByEmail(email));
  // Someone's self-made account holds the e-mail: it has no user (this uid is the e-mail's user).
  if (holder && holder.uid !== uid) await auth().deleteUser(holder.uid);
  await replaceAccount(uid, email);
  return uid;
}

async function createMemberAccount(email: string): Promise<string> {
  try {
    return (await auth().createUser({ email, emailVerified: true })).uid;
  } catch (err) {
    // Another request made it in between: check it as any existing account.
    if (authCode(err) === "auth/email-already-exists") return secureMemberAccount(email, null);
    throw err;
  }
}

/**
 * Every account with a password whose user is not an admin, or with no user at all, replaced as
 * secureMemberAccount would replace it on the member's next sign-in: the one-off sweep for accounts
 * taken over before accounts were checked (scripts/sweep-accounts.ts). Returns the uids replaced.
 */
export async function sweepHijackableAccounts(): Promise<{ checked: number; replaced: string[] }> {
  const replaced: string[] = [];
  let checked = 0;
  let pageToken: string | undefined;
  do {
    const page = await auth().listUsers(1000, pageToken);
    for (const account of page.users) {
      checked++;
      if (!hasPassword(account) || !account.email) continue;
      const owner = await getUserById(account.uid);
      if (owner?.isAdmin) continue;
      await replaceAccount(account.uid, account.email);
      replaced.push(account.uid);
    }
    pageToken = page.pageToken;
  } while (pageToken);
  return { checked, replaced };
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

/**
 * A new password account (the first admin). An account that already holds the e-mail but has no
 * user is somebody's self sign-up: it is removed, never adopted. One that has a user is taken.
 */
export async function createPasswordUser(email: string, password: string): Promise<string> {
  const existing = await accountOrNull(auth().getUserByEmail(email));
  if (existing) {
    if (await getUserById(existing.uid)) throw new ApiError("USER_EXISTS", "A user with this email already exists");
    logger.warn("sign-in account without a user removed before registering its e-mail", { uid: existing.uid });
    await auth().deleteUser(existing.uid);
  }
  try {
    return (await auth().createUser({ email, password, emailVerified: true })).uid;
  } catch (err) {
    if (authCode(err) === "auth/email-already-exists") throw new ApiError("USER_EXISTS", "A user with this email already exists");
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
