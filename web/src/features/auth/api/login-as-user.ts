// POST /api/auth/login-as-user – (admin) a custom token for a member that carries `impersonatedBy`.
import type { z } from "zod";
import { loginAsUserResponseSchema } from "@hub/contract/users";
import { apiRequest } from "@/lib/api-client";

/** Used by the session (loginAsUser), which then signs in to Firebase with the custom token. */
export function requestLoginAsUser(email: string): Promise<z.output<typeof loginAsUserResponseSchema>> {
  return apiRequest("/api/auth/login-as-user", { method: "POST", body: { email }, schema: loginAsUserResponseSchema });
}
