// POST /api/register – the first admin, while there is none.
import type { RegisterRequest } from "@hub/contract/auth";
import { callApi } from "@/lib/api-client";

/** Used by the session (registerFirstAdmin), which then signs in to Firebase with the custom token. */
export function registerFirstAdmin(body: RegisterRequest) {
  return callApi("register", { body });
}
