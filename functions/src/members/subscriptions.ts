import Stripe from "stripe";
import { isActiveSubscriptionStatus } from "@hub/contract/users";

export type { SubscriptionLookup, SubscriptionLookupResult } from "../platform/deps";
import type { SubscriptionListPage, SubscriptionLookup, SubscriptionLookupResult } from "../platform/deps";

/** Best first: an active subscription wins over a trial, a trial over anything in arrears. */
const STATUS_RANK = ["active", "trialing", "past_due", "unpaid", "incomplete", "paused", "canceled", "incomplete_expired"];
/** The place of a status in STATUS_RANK (lower is better); unknown statuses come last. */
export const rank = (status: string) => {
  const i = STATUS_RANK.indexOf(status);
  return i === -1 ? STATUS_RANK.length : i;
};

export function createStripeClient(secretKey: string, apiUrl: string): Stripe {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: 10_000 };
  if (apiUrl) {
    const url = new URL(apiUrl);
    options.host = url.hostname;
    options.port = url.port || (url.protocol === "https:" ? 443 : 80);
    options.protocol = url.protocol === "https:" ? "https" : "http";
  }
  return new Stripe(secretKey, options);
}

export class StripeSubscriptionLookup implements SubscriptionLookup {
  constructor(private readonly stripe: Stripe) {}

  async findByEmail(...emails: string[]): Promise<SubscriptionLookupResult> {
    let best: { customerId: string; sub: Stripe.Subscription | null } | null = null;
    const customers: Stripe.Customer[] = [];
    for (const email of new Set(emails)) {
      for await (const customer of this.stripe.customers.list({ email, limit: 100 })) customers.push(customer);
    }
    // One e-mail can have several customers (a re-subscription creates a new one): look at all.
    for (const customer of customers) {
      const candidate = await this.bestOf(customer.id);
      if (!best?.sub || (candidate.sub && rank(candidate.sub.status) < rank(best.sub.status))) best = candidate;
    }
    return toResult(best);
  }

  async findByCustomer(customerId: string): Promise<SubscriptionLookupResult> {
    try {
      return toResult(await this.bestOf(customerId));
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 404) return toResult(null);
      throw err;
    }
  }

  async listPage(cursor: string | null): Promise<SubscriptionListPage> {
    const page = await this.stripe.subscriptions.list({
      status: "all",
      limit: 100,
      expand: ["data.customer"],
      ...(cursor ? { starting_after: cursor } : {}),
    });
    const entries = page.data.map((sub) => {
      const customer = sub.customer;
      const priceIds = pricesOf(sub);
      if (typeof customer === "string") return { customerId: customer, email: null, subscriptionId: sub.id, status: sub.status, priceIds };
      const email = "deleted" in customer && customer.deleted ? null : ((customer as Stripe.Customer).email ?? null);
      return { customerId: customer.id, email, subscriptionId: sub.id, status: sub.status, priceIds };
    });
    return { entries, next: page.has_more && page.data.length > 0 ? page.data[page.data.length - 1]!.id : null };
  }

  async customerKnown(customerId: string): Promise<boolean> {
    try {
      const customer = await this.stripe.customers.retrieve(customerId);
      return !("deleted" in customer && customer.deleted);
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 404) return false;
      throw err;
    }
  }

  private async bestOf(customerId: string): Promise<{ customerId: string; sub: Stripe.Subscription | null }> {
    let best: Stripe.Subscription | null = null;
    for await (const sub of this.stripe.subscriptions.list({ customer: customerId, status: "all", limit: 100 })) {
      if (!best || rank(sub.status) < rank(best.status)) best = sub;
    }
    return { customerId, sub: best };
  }
}

function toResult(best: { customerId: string; sub: Stripe.Subscription | null } | null): SubscriptionLookupResult {
  const status = best?.sub?.status ?? "not_found";
  return {
    customerId: best?.customerId ?? null,
    subscriptionId: best?.sub?.id ?? null,
    status,
    isActive: isActiveSubscriptionStatus(status),
    priceIds: best?.sub ? pricesOf(best.sub) : [],
  };
}

/**
 * A subscription's prices: Stripe lists its items (up to 20, all a subscription may have) in every
 * subscription it answers, so reading them costs no call of its own.
 */
const pricesOf = (sub: Stripe.Subscription): string[] => [...new Set((sub.items?.data ?? []).map((item) => item.price.id))];
