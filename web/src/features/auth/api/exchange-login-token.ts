// GET /api/auth/login?token= – exchanges a login-link token for a Firebase custom token.
import { tokenLoginResponseSchema, type TokenLoginResponse } from "@hub/contract/auth";
import { apiRequest } from "@/lib/api-client";

/** Used by the session (signInWithToken), which then signs in to Firebase with the custom token. */
export function exchangeLoginToken(token: string): Promise<TokenLoginResponse> {
  return apiRequest("/api/auth/login", { query: { token }, schema: tokenLoginResponseSchema });
}
