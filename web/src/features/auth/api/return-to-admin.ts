// With an impersonation token: a custom token for the admin who started it.
import { callApi } from "@/lib/api-client";

/** Used by the session (returnToAdmin), which then signs in to Firebase with the custom token. */
export function requestReturnToAdmin() {
  return callApi("returnToAdmin");
}
