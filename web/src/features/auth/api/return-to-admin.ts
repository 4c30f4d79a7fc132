// POST /api/auth/return-to-admin – with an impersonation token: a custom token for the admin who started it.
import type { z } from "zod";
import { returnToAdminResponseSchema } from "@hub/contract/users";
import { apiRequest } from "@/lib/api-client";

/** Used by the session (returnToAdmin), which then signs in to Firebase with the custom token. */
export function requestReturnToAdmin(): Promise<z.output<typeof returnToAdminResponseSchema>> {
  return apiRequest("/api/auth/return-to-admin", { method: "POST", schema: returnToAdminResponseSchema });
}
