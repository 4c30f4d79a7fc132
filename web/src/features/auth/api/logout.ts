// POST /api/logout – ends the caller's sessions on the server (with an impersonation token: that impersonation only). No answer is read.
import { apiRequest } from "@/lib/api-client";

/** Used by the session's logoutMutation, which then signs out of Firebase. */
export async function logout(): Promise<void> {
  await apiRequest("/api/logout", { method: "POST" });
}
