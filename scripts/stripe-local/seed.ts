// Seed data for the local Stripe API: one customer per interesting subscription
// state. Any other e-mail has no Stripe customer at all.

export type SubscriptionStatus =
  "active" | "trialing" | "past_due" | "canceled" | "unpaid" | "incomplete" | "incomplete_expired" | "paused";

export interface SeedCustomer {
  email: string;
  name: string;
  subscriptionStatus: SubscriptionStatus;
  /** The subscription's price (what grants a membership tier). */
  priceId: string;
}

/** The plain membership's price, and the one the demo's Gold tier lists (scripts/seed-demo.ts). */
export const SEED_PRICES = { member: "price_member_monthly", gold: "price_gold_monthly" } as const;

export const SEED_CUSTOMERS: readonly SeedCustomer[] = [
  { email: "active@example.com", name: "Active Member", subscriptionStatus: "active", priceId: SEED_PRICES.gold },
  { email: "trialing@example.com", name: "Trialing Member", subscriptionStatus: "trialing", priceId: SEED_PRICES.member },
  { email: "pastdue@example.com", name: "Past Due Member", subscriptionStatus: "past_due", priceId: SEED_PRICES.member },
  { email: "canceled@example.com", name: "Canceled Member", subscriptionStatus: "canceled", priceId: SEED_PRICES.member },
];
