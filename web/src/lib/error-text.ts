import type { ApiRequestError } from "./api-client";

// This module imports nothing at run time (the retry wait is read off the error, not through
// `instanceof ApiRequestError`), so the first page's sign-in code shares it without loading the API
// client: every failed call in the app is worded here.

/** The text of a failed call for a toast: ApiRequestError messages are already '{status}: {message}'. */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === "string" && error) return error;
  return "Something went wrong";
}

/** A wait in words, rounded up to what a person plans with: "40 seconds", "12 minutes", "2 hours". */
export function waitText(seconds: number): string {
  const unit = (count: number, one: string) => `${String(count)} ${one}${count === 1 ? "" : "s"}`;
  if (seconds < 60) return unit(Math.max(1, Math.ceil(seconds)), "second");
  if (seconds < 2 * 3600) return unit(Math.ceil(seconds / 60), "minute");
  return unit(Math.ceil(seconds / 3600), "hour");
}

/**
 * The text of a failed call with when it may be tried again, for a rate limit (429 with Retry-After):
 * "429: Too many tests of this link. You can try again in 12 minutes." `again` words the retry.
 */
export function errorTextWithRetry(error: unknown, again = "try again"): string {
  const text = errorText(error);
  const retryAfterSeconds = (error as Partial<Pick<ApiRequestError, "retryAfterSeconds">> | null)?.retryAfterSeconds;
  if (!(error instanceof Error) || typeof retryAfterSeconds !== "number") return text;
  const sentence = /[.!?]$/.test(text) ? text : `${text}.`;
  return `${sentence} You can ${again} in ${waitText(retryAfterSeconds)}.`;
}
