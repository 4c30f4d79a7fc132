import { isActiveSubscriptionStatus, type SubscriptionCheckResult } from "@hub/contract/users";
import { setUserFields } from "./user-admin.store";
import type { UserRecord } from "../accounts/users.store";
import type { AppDeps, SubscriptionLookupResult } from "../platform/deps";
import { revokeSessions } from "../auth/identity";
import { askStripe } from "../platform/stripe-calls";

/** Admins and admin-made users need no subscription. */
export const isExempt = (user: Pick<UserRecord, "isAdmin" | "createdByAdmin">) => user.isAdmin || user.createdByAdmin;

/**
 * Asks Stripe for one user's subscription (by their known customer, else by e-mail), stores status
 * and time, and ends the sessions of a member who is no longer active or trialing.
 */
export async function checkUserSubscription(deps: AppDeps, user: UserRecord): Promise<SubscriptionCheckResult> {
  const found = await askStripe(() =>
    user.stripeCustomerId ? deps.subscriptions.findByCustomer(user.stripeCustomerId) : deps.subscriptions.findByEmail(user.username),
  );
  await setUserFields(user.id, checkedFields(user, found, deps.now()));
  if (losesAccess(user, found)) await revokeSessions(user.id);
  return { status: found.status, isActive: found.isActive };
}

/** What a check stores of what Stripe said: a customer it found replaces the known one, never with nothing. */
export function checkedFields(user: Pick<UserRecord, "stripeCustomerId">, found: SubscriptionLookupResult, now: Date) {
  return {
    stripeCustomerId: found.customerId ?? user.stripeCustomerId,
    stripeSubscriptionId: found.subscriptionId,
    subscriptionStatus: found.status,
    // a lapsed subscription grants no tier
    subscriptionPriceIds: found.isActive ? found.priceIds : [],
    subscriptionLastChecked: now,
  };
}

/** A member who needs a subscription, had one at the last check and has none now: their sessions end. */
export const losesAccess = (
  user: Pick<UserRecord, "isAdmin" | "createdByAdmin" | "subscriptionStatus">,
  found: Pick<SubscriptionLookupResult, "isActive">,
) => !found.isActive && !isExempt(user) && isActiveSubscriptionStatus(user.subscriptionStatus);
