/** Why the API refused a signed-in caller for good: their session must end, with the reason shown. */
export type SessionRefusal = "BLOCKED" | "NO_ACTIVE_SUBSCRIPTION";

/**
 * The refusal an error carries, if any: a 403 whose code says the account was blocked or its
 * subscription lapsed (an ApiRequestError's `status` and `code`). Any other error is the page's own.
 */
export function sessionRefusalOf(error: unknown): SessionRefusal | null {
  if (typeof error !== "object" || error === null) return null;
  const { status, code } = error as { status?: unknown; code?: unknown };
  if (status !== 403) return null;
  return code === "BLOCKED" || code === "NO_ACTIVE_SUBSCRIPTION" ? code : null;
}
