// Proves the signed-in user's password again, for the admin actions the server takes only from a
// fresh sign-in (401 REAUTH_REQUIRED, docs/openapi.json: POST /admin/password, PATCH /users/{username}).
import { ApiRequestError } from "./api-client";
import { loadFirebaseAuth } from "./firebase";

/** The current password did not sign in again: the dialog asking for it says so on its field. */
export class WrongCurrentPasswordError extends Error {
  override readonly name = "WrongCurrentPasswordError";
}

/** The server refused an action until the caller signs in again with their password. */
export const needsFreshSignIn = (err: unknown): boolean => err instanceof ApiRequestError && err.code === "REAUTH_REQUIRED";

/**
 * Signs the current user in again with `currentPassword`: the session's sign-in time is then now, so
 * the next call counts as a fresh sign-in. A wrong password throws WrongCurrentPasswordError.
 */
export async function reauthenticate(currentPassword: string): Promise<void> {
  const { auth, EmailAuthProvider, reauthenticateWithCredential } = await loadFirebaseAuth();
  const user = auth.currentUser;
  if (!user?.email) throw new Error("Not signed in");
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword)).catch((err: unknown) => {
    const code = (err as { code?: string }).code ?? "";
    if (/wrong-password|invalid-credential|invalid-login-credentials/.test(code))
      throw new WrongCurrentPasswordError("Current password is incorrect");
    throw err;
  });
}
