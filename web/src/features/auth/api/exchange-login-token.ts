// Exchanges a login-link token for a Firebase custom token.
import { callApi } from "@/lib/api-client";

/** Used by the session (signInWithToken), which then signs in to Firebase with the custom token. */
export function exchangeLoginToken(token: string) {
  return callApi("exchangeLoginToken", { query: { token } });
}
