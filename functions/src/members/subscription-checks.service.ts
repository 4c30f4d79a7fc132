import { logger } from "firebase-functions";
import { isActiveSubscriptionStatus, type CheckAllSubscriptionsResult, type SubscriptionCheckResult } from "@hub/contract/users";
import { listUsersWithLinkCounts, recordAudit, saveSubscriptionCheckSummary, setUserFields } from "./user-admin.store";
import type { UserRecord } from "./users.store";
import type { AppDeps } from "../platform/deps";
import { revokeSessions } from "../auth/identity";
import { askStripe } from "./stripe-calls";

/** Runs `work` over `items`, at most `limit` at a time. */
export async function forEachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

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
  await setUserFields(user.id, {
    stripeCustomerId: found.customerId ?? user.stripeCustomerId,
    stripeSubscriptionId: found.subscriptionId,
    subscriptionStatus: found.status,
    subscriptionLastChecked: deps.now(),
  });
  if (!found.isActive && !isExempt(user) && isActiveSubscriptionStatus(user.subscriptionStatus)) {
    await revokeSessions(user.id);
  }
  return { status: found.status, isActive: found.isActive };
}

const CONCURRENT_STRIPE_CALLS = 5;

/** Checks every member; one failure is counted in `errors` and the rest go on. */
export async function checkAllSubscriptions(deps: AppDeps, trigger: "schedule" | "admin", actorUid?: string): Promise<CheckAllSubscriptionsResult> {
  const members = (await listUsersWithLinkCounts()).map((u) => u.user).filter((u) => !u.isAdmin);
  const result: CheckAllSubscriptionsResult = { total: members.length, active: 0, cancelled: 0, not_found: 0, errors: 0 };
  await forEachLimited(members, CONCURRENT_STRIPE_CALLS, async (user) => {
    try {
      const { status, isActive } = await checkUserSubscription(deps, user);
      if (isActive) result.active++;
      else if (status === "not_found") result.not_found++;
      else result.cancelled++;
    } catch (err) {
      result.errors++;
      logger.warn("subscription check failed", { uid: user.id, error: err instanceof Error ? err.message : String(err) });
    }
  });
  await saveSubscriptionCheckSummary({ ...result }, trigger);
  if (actorUid) await recordAudit({ actorUid, action: "subscriptions.check-all", details: { ...result } });
  return result;
}

/** Approves every unapproved member whose subscription is active or trialing. */
export async function autoApproveSubscribers(deps: AppDeps, actorUid: string): Promise<{ checkedCount: number; approvedCount: number }> {
  const pending = (await listUsersWithLinkCounts()).map((u) => u.user).filter((u) => !u.approved && !u.isAdmin && !u.blocked);
  let approvedCount = 0;
  await forEachLimited(pending, CONCURRENT_STRIPE_CALLS, async (user) => {
    try {
      if ((await checkUserSubscription(deps, user)).isActive) {
        await setUserFields(user.id, { approved: true });
        approvedCount++;
      }
    } catch (err) {
      logger.warn("auto-approve check failed", { uid: user.id, error: err instanceof Error ? err.message : String(err) });
    }
  });
  await recordAudit({ actorUid, action: "users.auto-approve", details: { checkedCount: pending.length, approvedCount } });
  return { checkedCount: pending.length, approvedCount };
}
