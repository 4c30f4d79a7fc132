import { logger } from "firebase-functions";
import { ApiError } from "./api-error";

/** Stripe answers 429 when called too fast and 5xx when it is unwell: both are worth another try. */
const retryable = (err: unknown) => {
  const status = (err as { statusCode?: number }).statusCode;
  return status === 429 || (typeof status === "number" && status >= 500);
};

/** The SDK's StripeConnectionError: Stripe could not be reached at all (after the SDK's own retry). */
const unreachable = (err: unknown) => (err as { type?: string }).type === "StripeConnectionError";

const ATTEMPTS = 3;
const BASE_DELAY_MS = 250;
/**
 * No new attempt starts this long after the first: a lookup is a few calls of at most 10 s each
 * (the SDK's timeout), and the whole answer must come well inside the function's 60 s.
 */
const RETRY_WINDOW_MS = 15_000;

/**
 * A Stripe lookup, tried again on 429/5xx. If Stripe still does not answer, or cannot be reached,
 * the caller gets a clear 503 to try again later (never Stripe's own message); nothing has been
 * stored by then. Anything else (a refused key, a bug) is not Stripe being unwell: it is thrown on,
 * and answered as the 500 it is.
 */
export async function askStripe<T>(work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!retryable(err) && !unreachable(err)) throw err;
      if (attempt >= ATTEMPTS || Date.now() - started > RETRY_WINDOW_MS) {
        logger.warn("Stripe did not answer", {
          statusCode: (err as { statusCode?: number }).statusCode,
          error: err instanceof Error ? err.message : String(err),
        });
        throw new ApiError("UPSTREAM_UNAVAILABLE", "The payment provider could not be reached. Please try again in a minute.");
      }
      await new Promise((r) => setTimeout(r, BASE_DELAY_MS * 2 ** (attempt - 1)));
    }
  }
}
