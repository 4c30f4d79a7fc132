import { MESSAGES } from "@hub/contract/texts";
import { errorText } from "@/lib/error-text";

const NO_SUBSCRIPTION = /NO_ACTIVE_SUBSCRIPTION|no active subscription/i;

/** A failed token login that must send the member to /subscription-error. */
export function isNoActiveSubscriptionError(error: unknown): boolean {
  if (hasStringProp(error, "code") && error.code === "NO_ACTIVE_SUBSCRIPTION") return true;
  return NO_SUBSCRIPTION.test(errorText(error));
}

const FIREBASE_AUTH_MESSAGES: Record<string, string> = {
  "auth/invalid-credential": MESSAGES.invalidCredentials,
  "auth/invalid-login-credentials": MESSAGES.invalidCredentials,
  "auth/wrong-password": MESSAGES.invalidCredentials,
  "auth/user-not-found": MESSAGES.invalidCredentials,
  "auth/invalid-email": MESSAGES.invalidCredentials,
  "auth/missing-password": MESSAGES.invalidCredentials,
  "auth/user-disabled": "This account has been disabled",
  "auth/too-many-requests": "Too many attempts. Please wait a moment and try again.",
  "auth/network-request-failed": "Network error. Please check your connection and try again.",
  "auth/invalid-custom-token": "This login link is invalid. Please request a new one.",
  "auth/custom-token-mismatch": "This login link is invalid. Please request a new one.",
  "auth/user-token-expired": "Your session has expired. Please log in again.",
};

/**
 * Firebase Auth errors read like "Firebase: Error (auth/invalid-credential)."; people get a sentence
 * instead. Any other error (e.g. an ApiRequestError) is returned unchanged.
 */
export function toAuthError(error: unknown): Error {
  if (hasStringProp(error, "code") && error.code.startsWith("auth/")) {
    return new Error(FIREBASE_AUTH_MESSAGES[error.code] ?? "Authentication failed. Please try again.", { cause: error });
  }
  return error instanceof Error ? error : new Error(errorText(error));
}

function hasStringProp<K extends string>(value: unknown, key: K): value is Record<K, string> {
  return typeof value === "object" && value !== null && typeof (value as Record<string, unknown>)[key] === "string";
}
