import { ApiRequestError } from "@/lib/api-client";

/** Why the API refused a signed-in caller for good: their session must end, with the reason shown. */
export type SessionRefusal = "BLOCKED" | "NO_ACTIVE_SUBSCRIPTION";

/**
 * The refusal an error carries, if any: a 403 whose code says the account was blocked or its
 * subscription lapsed. Any other error is the page's own.
 */
export function sessionRefusalOf(error: unknown): SessionRefusal | null {
  if (!(error instanceof ApiRequestError) || error.status !== 403) return null;
  return error.code === "BLOCKED" || error.code === "NO_ACTIVE_SUBSCRIPTION" ? error.code : null;
}
