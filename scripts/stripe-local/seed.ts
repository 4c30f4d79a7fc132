// Seed data for the local Stripe API: one customer per interesting subscription
// state. Any other e-mail has no Stripe customer at all.

export type SubscriptionStatus =
  "active" | "trialing" | "past_due" | "canceled" | "unpaid" | "incomplete" | "incomplete_expired" | "paused";

export interface SeedCustomer {
  email: string;
  name: string;
  subscriptionStatus: SubscriptionStatus;
}

export const SEED_CUSTOMERS: readonly SeedCustomer[] = [
  { email: "active@example.com", name: "Active Member", subscriptionStatus: "active" },
  { email: "trialing@example.com", name: "Trialing Member", subscriptionStatus: "trialing" },
  { email: "pastdue@example.com", name: "Past Due Member", subscriptionStatus: "past_due" },
  { email: "canceled@example.com", name: "Canceled Member", subscriptionStatus: "canceled" },
];
