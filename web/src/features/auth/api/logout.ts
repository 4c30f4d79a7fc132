// POST /api/logout – revokes the user's refresh tokens on the server. No answer is read.
import { apiRequest } from "@/lib/api-client";

/** Used by the session's logoutMutation, which then signs out of Firebase. */
export async function logout(): Promise<void> {
  await apiRequest("/api/logout", { method: "POST" });
}
