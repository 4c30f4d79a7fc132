import { Timestamp, type Transaction } from "firebase-admin/firestore";
import { COLLECTIONS, db, type TtlPolicy } from "./db";
import { decideSlidingWindow, type RateLimitRule } from "./rate-limit-policy";

const limits = () => db().collection(COLLECTIONS.rateLimits);

/** A window's hits go by TTL once the window is over. */
export const RATE_LIMITS_TTL: TtlPolicy = { collection: COLLECTIONS.rateLimits, field: "expiresAt" };

export interface RateLimitCheck extends RateLimitRule {
  /** Free of slashes and of personal data: a keyed hash of any personal value (rateLimitKey). */
  key: string;
}

/**
 * Counts one hit against every rule, or against none: all rules are read and written in one
 * transaction, so a request refused by one rule does not use up another's allowance.
 * Returns the seconds to wait when refused, or null when allowed.
 */
export async function hitRateLimits(checks: RateLimitCheck[], now: number): Promise<number | null> {
  return db().runTransaction(async (tx) => {
    const allowances = await Promise.all(checks.map((check) => rateLimitIn(tx, check, now)));
    const waits = allowances.flatMap((a) => ("retryAfterSeconds" in a ? [a.retryAfterSeconds] : []));
    if (waits.length > 0) return Math.max(...waits);
    for (const allowance of allowances) if ("count" in allowance) allowance.count();
    return null;
  });
}

/**
 * Inside a transaction, before its writes: whether one more hit fits `check`. Refused: the seconds to
 * wait. Allowed: `count` writes the hit; call it with the transaction's other writes, so that only
 * what the transaction accepts is counted.
 */
export async function rateLimitIn(
  tx: Transaction,
  check: RateLimitCheck,
  now: number,
): Promise<{ retryAfterSeconds: number } | { count: () => void }> {
  const ref = limits().doc(check.key);
  const decision = decideSlidingWindow(((await tx.get(ref)).get("hits") as number[] | undefined) ?? [], now, check);
  if (!decision.allowed) return { retryAfterSeconds: decision.retryAfterSeconds };
  return { count: () => tx.set(ref, { hits: decision.hits, expiresAt: Timestamp.fromMillis(now + check.windowMs) }) };
}
