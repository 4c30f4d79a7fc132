// (admin) A custom token for a member that carries `impersonatedBy`.
import { callApi } from "@/lib/api-client";

/** Used by the session (loginAsUser), which then signs in to Firebase with the custom token. */
export function requestLoginAsUser(email: string) {
  return callApi("loginAsUser", { body: { email } });
}
