import { auth } from "../platform/db";
import { upsertAdmin } from "../accounts/users.store";
import { ownerHeldBackChangeIn } from "../links/link-counts.store";
import { grantAdminClaim, revokeSessions, secureAdminAccount } from "./identity";

/**
 * Makes an admin with this e-mail and password, or promotes and re-passwords an existing user. An
 * Auth account holding the e-mail without a user is replaced, never adopted (identity.ts,
 * secureAdminAccount). Works against whatever firebase-admin points at: the emulators when their
 * variables are set. `npm run admin:create` calls it, and so do the tests that need an admin.
 */
export async function ensureAdmin(email: string, password: string): Promise<{ uid: string; created: boolean }> {
  const normalized = email.trim().toLowerCase();
  const { uid, created } = await secureAdminAccount(normalized);
  await auth().updateUser(uid, { password });
  await grantAdminClaim(uid);
  await upsertAdmin(uid, normalized, ownerHeldBackChangeIn);
  // Existing sessions carry the old claims; the next sign-in gets the admin one.
  if (!created) await revokeSessions(uid);
  return { uid, created };
}
