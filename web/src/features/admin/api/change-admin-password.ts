// POST /api/admin/password – sets the signed-in admin's password (at least 8 characters).
import { useMutation } from "@tanstack/react-query";
import { signInWithEmailAndPassword } from "firebase/auth";
import type { z } from "zod";
import type { changePasswordRequestSchema } from "@contract/users";
import { apiRequest } from "@/lib/api-client";
import { auth } from "@/lib/firebase";

export async function changeAdminPassword(body: z.output<typeof changePasswordRequestSchema>): Promise<void> {
  await apiRequest("/api/admin/password", { method: "POST", body });
  // A password change revokes the account's sessions, this one included: sign in again with the
  // new password (same account, so nothing reloads). Best effort: the password is changed either way.
  const email = auth.currentUser?.email;
  if (email) await signInWithEmailAndPassword(auth, email, body.password).catch(() => undefined);
}

export function useChangeAdminPassword() {
  return useMutation({ mutationKey: ["admin", "change-password"], mutationFn: changeAdminPassword });
}
