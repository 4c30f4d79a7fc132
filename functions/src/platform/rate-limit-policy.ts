import { keyedHash } from "./keyed-hash";

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export type RateLimitDecision = { allowed: true; hits: number[] } | { allowed: false; retryAfterSeconds: number };

/**
 * Sliding-window log: a hit is allowed when fewer than `limit` hits fall inside the last
 * `windowMs`. Keeps only the hits still inside the window, so the stored list never exceeds `limit`.
 */
export function decideSlidingWindow(previousHits: readonly number[], now: number, rule: RateLimitRule): RateLimitDecision {
  const recent = previousHits.filter((t) => t > now - rule.windowMs).sort((a, b) => a - b);
  if (recent.length >= rule.limit) {
    const oldestThatMustExpire = recent[recent.length - rule.limit]!;
    const waitMs = oldestThatMustExpire + rule.windowMs - now;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }
  return { allowed: true, hits: [...recent, now] };
}

export interface KeyedRateLimitRule extends RateLimitRule {
  key: string;
}

/**
 * The limits one login attempt counts against: always the per-account one (e-mail or username), and
 * the per-client-address one only when the address is known. An unknown address (null) gets no
 * per-address limit at all: a shared "unknown" bucket would let one caller lock everyone out.
 */
export function loginRateLimits(
  perAccount: KeyedRateLimitRule,
  perClientAddress: RateLimitRule & { keyOf: (ip: string) => string },
  ip: string | null,
): KeyedRateLimitRule[] {
  if (ip === null) return [perAccount];
  const { keyOf, limit, windowMs } = perClientAddress;
  return [perAccount, { key: keyOf(ip), limit, windowMs }];
}

/**
 * The document id of a rate limit on a personal value (a client address, an e-mail, a username):
 * `name_` and the value's keyed hash for that rule (platform/keyed-hash.ts), never the value or its
 * plain hash (a plain hash of an address is the address: there are only 2³² to try). The key does not
 * change by the day: a limit's window must not restart at midnight, and the document goes by TTL once
 * its window has passed. Without the secret there is no key worth the name: refused, not made weak.
 */
export function rateLimitKey(secret: string, name: string, value: string): string {
  if (!secret) throw new Error("rate-limit keys need the functions' secret (VISITOR_COOKIE_SECRET)");
  return `${name}_${keyedHash(secret, `rate-limit:${name}`, value)}`;
}
