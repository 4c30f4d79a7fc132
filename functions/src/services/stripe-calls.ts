import { logger } from "firebase-functions";
import { ApiError } from "./api-error";

/** Stripe answers 429 when called too fast and 5xx when it is unwell: both are worth another try. */
const retryable = (err: unknown) => {
  const status = (err as { statusCode?: number }).statusCode;
  return status === 429 || (typeof status === "number" && status >= 500);
};

async function withRetries<T>(work: () => Promise<T>, attempts = 3, baseDelayMs = 250): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || !retryable(err)) throw err;
      await new Promise((r) => setTimeout(r, baseDelayMs * 2 ** (attempt - 1)));
    }
  }
}

/**
 * A Stripe lookup with retries on 429/5xx. If Stripe still does not answer, the caller gets a clear
 * 503 to try again later (never Stripe's own message): nothing has been stored by then.
 */
export async function askStripe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await withRetries(work);
  } catch (err) {
    logger.warn("Stripe did not answer", { statusCode: (err as { statusCode?: number }).statusCode, error: err instanceof Error ? err.message : String(err) });
    throw new ApiError("UPSTREAM_UNAVAILABLE", "The payment provider could not be reached. Please try again in a minute.");
  }
}
