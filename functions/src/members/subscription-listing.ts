import { isActiveSubscriptionStatus } from "@hub/contract/users";
import type { ListedSubscription, SubscriptionLookupResult } from "../platform/deps";
import { rank } from "./subscriptions";

/** Stripe's whole listing, as the members are matched against it: the best subscription per customer and per e-mail. */
export interface ListingIndex {
  byCustomer: Map<string, ListedSubscription>;
  /** Keyed by the e-mail trimmed and lower-cased. */
  byEmail: Map<string, ListedSubscription>;
}

const keepBetter = (map: Map<string, ListedSubscription>, key: string, entry: ListedSubscription) => {
  const known = map.get(key);
  // strictly better only: the listing is newest first, so among equals the newest stays (as the single check does)
  if (!known || rank(entry.status) < rank(known.status)) map.set(key, entry);
};

export function indexListing(entries: Iterable<ListedSubscription>): ListingIndex {
  const index: ListingIndex = { byCustomer: new Map(), byEmail: new Map() };
  for (const entry of entries) {
    keepBetter(index.byCustomer, entry.customerId, entry);
    if (entry.email) keepBetter(index.byEmail, entry.email.trim().toLowerCase(), entry);
  }
  return index;
}

/**
 * A member's subscription as the single check finds it: their known customer's best subscription,
 * else the best of every customer with their e-mail (in any case); 'not_found' when there is none.
 */
export function classifyMember(
  member: { username: string; stripeCustomerId: string | null },
  index: ListingIndex,
): SubscriptionLookupResult {
  const best = member.stripeCustomerId
    ? index.byCustomer.get(member.stripeCustomerId)
    : index.byEmail.get(member.username.trim().toLowerCase());
  const status = best?.status ?? "not_found";
  return {
    customerId: best?.customerId ?? null,
    subscriptionId: best?.subscriptionId ?? null,
    status,
    isActive: isActiveSubscriptionStatus(status),
    priceIds: best?.priceIds ?? [],
  };
}
