// Ends the caller's sessions on the server (with an impersonation token: that impersonation only). No answer is read.
import { callApi } from "@/lib/api-client";

/** Used by the session's logoutMutation, which then signs out of Firebase. */
export function logout(): Promise<void> {
  return callApi("logout");
}
