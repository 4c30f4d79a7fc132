// Sets the signed-in admin's password (at least 8 characters).
import type { RouteRequest } from "@hub/contract/routes";
import { callApi } from "@/lib/api-client";
import { loadFirebaseAuth } from "@/lib/firebase";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

/** The current password did not sign in again: the dialog says so on its field. */
export class WrongCurrentPasswordError extends Error {
  override readonly name = "WrongCurrentPasswordError";
}

/**
 * The server takes a new password only from a sign-in at most five minutes old (401
 * REAUTH_REQUIRED otherwise), so the admin proves the current password first: signing in again
 * with it refreshes the session's sign-in time.
 */
export async function changeAdminPassword({
  currentPassword,
  ...body
}: RouteRequest<"changeAdminPassword", "body"> & { currentPassword: string }): Promise<void> {
  const { auth, EmailAuthProvider, reauthenticateWithCredential, signInWithEmailAndPassword } = await loadFirebaseAuth();
  const user = auth.currentUser;
  if (!user?.email) throw new Error("Not signed in");
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword)).catch((err: unknown) => {
    const code = (err as { code?: string }).code ?? "";
    if (/wrong-password|invalid-credential|invalid-login-credentials/.test(code))
      throw new WrongCurrentPasswordError("Current password is incorrect");
    throw err;
  });
  await callApi("changeAdminPassword", { body });
  // A password change revokes the account's sessions, this one included: sign in again with the
  // new password (same account, so nothing reloads). Best effort: the password is changed either way.
  const email = auth.currentUser?.email;
  if (email) await signInWithEmailAndPassword(auth, email, body.password).catch(() => undefined);
}

export function useChangeAdminPassword(toasts: ToastsFor<typeof changeAdminPassword>) {
  return useToastMutation({ mutationKey: ["admin", "change-password"], mutationFn: changeAdminPassword, ...toasts });
}
