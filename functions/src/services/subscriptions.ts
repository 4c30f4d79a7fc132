import Stripe from "stripe";
import { isActiveSubscriptionStatus } from "../contract/users";

export interface SubscriptionLookupResult {
  customerId: string | null;
  subscriptionId: string | null;
  /** A Stripe subscription status, or 'not_found' when the e-mail has no customer or no subscription. */
  status: string;
  isActive: boolean;
}

/** Where member subscriptions are checked. Stripe in production and in the local suite. */
export interface SubscriptionLookup {
  findByEmail(email: string): Promise<SubscriptionLookupResult>;
}

/** Best first: an active subscription wins over a trial, a trial over anything in arrears. */
const STATUS_RANK = ["active", "trialing", "past_due", "unpaid", "incomplete", "paused", "canceled", "incomplete_expired"];
const rank = (status: string) => {
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

  async findByEmail(email: string): Promise<SubscriptionLookupResult> {
    let best: { customerId: string; sub: Stripe.Subscription | null } | null = null;
    // One e-mail can have several customers (a re-subscription creates a new one): look at all.
    for await (const customer of this.stripe.customers.list({ email, limit: 100 })) {
      for await (const sub of this.stripe.subscriptions.list({ customer: customer.id, status: "all", limit: 100 })) {
        if (!best?.sub || rank(sub.status) < rank(best.sub.status)) best = { customerId: customer.id, sub };
      }
      best ??= { customerId: customer.id, sub: null };
    }
    const status = best?.sub?.status ?? "not_found";
    return {
      customerId: best?.customerId ?? null,
      subscriptionId: best?.sub?.id ?? null,
      status,
      isActive: isActiveSubscriptionStatus(status),
    };
  }
}
