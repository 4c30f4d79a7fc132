import { logger } from "firebase-functions";
import { EMAIL_LOGIN_RATE_LIMITS, type EmailLoginResponse, type TokenLoginResponse } from "@hub/contract/auth";
import { MESSAGES } from "@hub/contract/errors";
import { useEmailToken } from "./email-tokens.store";
import { sha256 } from "../platform/keys";
import { hitRateLimits } from "../platform/rate-limits.store";
import { loginRateLimits, rateLimitKey } from "../platform/rate-limit-policy";
import { findUserByUsername, upsertMemberOnLogin } from "../accounts/users.store";
import { ownerHeldBackChangeIn } from "../links/link-counts.store";
import { ApiError } from "../platform/api-error";
import type { AppDeps } from "../platform/deps";
import { createCustomToken, secureMemberAccount } from "./identity";
import { deliverLoginLink } from "./login-mail.service";
import { askStripe } from "../platform/stripe-calls";

/**
 * Asks for a login link. The answer is the same whether or not the hub knows the address (outside
 * the emulator, which adds the token for a known one), so it cannot be used to find out who is a
 * member; only a known address gets a token and a mail (login-mail.service.ts).
 */
export async function requestLoginLink(
  deps: AppDeps,
  email: string,
  ip: string | null,
  typedEmail: string = email,
): Promise<EmailLoginResponse> {
  const now = deps.now();
  const retryAfterSeconds = await hitRateLimits(
    loginRateLimits(
      { key: rateLimitKey(deps.keyedHashSecret, "email", email), ...EMAIL_LOGIN_RATE_LIMITS.perAddress },
      { keyOf: (address) => rateLimitKey(deps.keyedHashSecret, "ip", address), ...EMAIL_LOGIN_RATE_LIMITS.perIp },
      ip,
    ),
    now.getTime(),
  );
  if (retryAfterSeconds !== null) throw new ApiError("RATE_LIMITED", MESSAGES.rateLimited, { retryAfterSeconds });

  const request = { email, typedEmail: typedEmail !== email ? typedEmail : null };
  if (deps.loginMailQueue) {
    // Every well-formed address is queued alike: the answer and its timing say nothing about who is known.
    try {
      await deps.loginMailQueue.enqueue(request);
    } catch (err) {
      logger.error("login e-mail not queued", { error: err instanceof Error ? err.message : String(err) });
      throw new ApiError("UPSTREAM_UNAVAILABLE", "Could not send the login e-mail, please try again");
    }
    return { sent: true };
  }
  const issued = await deliverLoginLink(deps, request);
  return issued && deps.exposeLoginToken ? { sent: true, ...issued } : { sent: true };
}

const TOKEN_FAILURES = {
  invalid: ["TOKEN_INVALID", "This login link is not valid. Please request a new one."],
  expired: ["TOKEN_EXPIRED", "This login link has expired. Please request a new one."],
  used_up: ["TOKEN_USED_UP", "This login link has already been used too many times. Please request a new one."],
} as const;

/**
 * Exchanges a login token for a Firebase custom token. A use is counted before the subscription
 * rule runs, so a refused attempt still spends one of the token's uses.
 */
export async function exchangeLoginToken(deps: AppDeps, token: string, ip: string | null): Promise<TokenLoginResponse> {
  const used = await useEmailToken(sha256(token), deps.now(), ip);
  if (!used.ok) {
    const [code, message] = TOKEN_FAILURES[used.reason];
    throw new ApiError(code, message);
  }
  const email = used.email;
  const existing = await findUserByUsername(email);
  if (existing?.blocked) throw new ApiError("BLOCKED", MESSAGES.blocked);

  const exempt = existing !== null && (existing.isAdmin || existing.createdByAdmin);
  let subscription = null;
  if (!exempt) {
    const found = await askStripe(() => deps.subscriptions.findByEmail(email, ...(used.typedEmail ? [used.typedEmail] : [])));
    if (!found.isActive) throw new ApiError("NO_ACTIVE_SUBSCRIPTION", MESSAGES.noActiveSubscription);
    subscription = {
      stripeCustomerId: found.customerId,
      stripeSubscriptionId: found.subscriptionId,
      subscriptionStatus: found.status,
      // its prices decide the member's tier (read here and by the subscription checks: no call of its own)
      subscriptionPriceIds: found.priceIds,
    };
  }
  const uid = await secureMemberAccount(email, existing);
  await upsertMemberOnLogin(uid, email, subscription, ownerHeldBackChangeIn);
  return { email, customToken: await createCustomToken(uid) };
}
