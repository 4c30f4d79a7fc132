import Stripe from "stripe";
import { isActiveSubscriptionStatus } from "@hub/contract/users";

export interface SubscriptionLookupResult {
  customerId: string | null;
  subscriptionId: string | null;
  /** A Stripe subscription status, or 'not_found' when the e-mail has no customer or no subscription. */
  status: string;
  isActive: boolean;
}

/** Where member subscriptions are checked. Stripe in production and in the local suite. */
export interface SubscriptionLookup {
  /**
   * The best subscription of any customer with one of these addresses. Stripe compares e-mails
   * case-sensitively, so callers pass the address as the member typed it as well as lower-cased.
   */
  findByEmail(...emails: string[]): Promise<SubscriptionLookupResult>;
  /** The best subscription of a known customer; 'not_found' when Stripe no longer has it. */
  findByCustomer(customerId: string): Promise<SubscriptionLookupResult>;
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
  return { customerId: best?.customerId ?? null, subscriptionId: best?.sub?.id ?? null, status, isActive: isActiveSubscriptionStatus(status) };
}
