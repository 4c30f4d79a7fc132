import { auth } from "../platform/db";
import { upsertAdmin } from "../accounts/users.store";
import { ownerHeldBackChangeIn } from "../links/link-counts.store";
import { grantAdminClaim, revokeSessions } from "./identity";

/**
 * Makes an admin with this e-mail and password, or promotes and re-passwords an existing account.
 * Works against whatever firebase-admin points at: the emulators when their variables are set.
 * `npm run admin:create` calls it, and so do the tests that need an admin.
 */
export async function ensureAdmin(email: string, password: string): Promise<{ uid: string; created: boolean }> {
  const normalized = email.trim().toLowerCase();
  let uid: string;
  let created = false;
  try {
    uid = (await auth().getUserByEmail(normalized)).uid;
    await auth().updateUser(uid, { password });
  } catch (err) {
    if ((err as { code?: string }).code !== "auth/user-not-found") throw err;
    uid = (await auth().createUser({ email: normalized, password, emailVerified: true })).uid;
    created = true;
  }
  await grantAdminClaim(uid);
  await upsertAdmin(uid, normalized, ownerHeldBackChangeIn);
  // Existing sessions carry the old claims; the next sign-in gets the admin one.
  if (!created) await revokeSessions(uid);
  return { uid, created };
}
