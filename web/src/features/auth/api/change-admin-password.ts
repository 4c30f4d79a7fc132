// Sets the signed-in admin's password (at least 8 characters).
import type { RouteRequest } from "@hub/contract/routes";
import { callApi } from "@/lib/api-client";
import { loadFirebaseAuth } from "@/lib/firebase";
import { reauthenticate } from "@/lib/reauthenticate";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

/**
 * The server takes a new password only from a sign-in at most five minutes old (401
 * REAUTH_REQUIRED otherwise), so the admin proves the current password first: signing in again
 * with it refreshes the session's sign-in time.
 */
export async function changeAdminPassword({
  currentPassword,
  ...body
}: RouteRequest<"changeAdminPassword", "body"> & { currentPassword: string }): Promise<void> {
  await reauthenticate(currentPassword);
  const { auth, signInWithEmailAndPassword } = await loadFirebaseAuth();
  await callApi("changeAdminPassword", { body });
  // A password change revokes the account's sessions, this one included: sign in again with the
  // new password (same account, so nothing reloads). Best effort: the password is changed either way.
  const email = auth.currentUser?.email;
  if (email) await signInWithEmailAndPassword(auth, email, body.password).catch(() => undefined);
}

export function useChangeAdminPassword(toasts: ToastsFor<typeof changeAdminPassword>) {
  return useToastMutation({ mutationKey: ["admin", "change-password"], mutationFn: changeAdminPassword, ...toasts });
}
