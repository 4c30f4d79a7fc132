/**
 * npm run bench:subscriptions – Check All Subscriptions over many members.
 *
 * Runs inside the local suite (npm run exec) against the emulators and the local Stripe-compatible
 * server, through the real Stripe SDK and the same service the button and the daily job call. A
 * baseline of 100 members and a run of 1,000 are measured in the same run; prints figures, asserts
 * nothing. A tenth of the members have no Stripe customer and a tenth a canceled subscription.
 */
import Stripe from "stripe";
import { db, createLinkTester, type AppDeps, checkAllSubscriptions, createStripeClient, StripeSubscriptionLookup } from "../../functions/src/toolkit";
import { resetEmulators } from "../../testing/emulators";

const stripeUrl = process.env.STRIPE_URL!;

async function seed(count: number) {
  await resetEmulators();
  const stripe = new Stripe("sk_test_local", { host: new URL(stripeUrl).hostname, port: Number(new URL(stripeUrl).port), protocol: "http" });
  const writer = db().bulkWriter();
  for (let i = 0; i < count; i++) {
    const email = `bench-${count}-${i}@example.com`;
    let customerId: string | null = null;
    if (i % 10 !== 0) {
      const customer = await stripe.customers.create({ email });
      customerId = customer.id;
      const status = i % 10 === 1 ? "canceled" : i % 2 ? "active" : "trialing";
      await stripe.subscriptions.create({ customer: customer.id, status } as Stripe.SubscriptionCreateParams & { status: string });
    }
    const now = new Date();
    void writer.set(db().collection("users").doc(`bench-${i}`), {
      username: email, email, displayName: null, isAdmin: false, blocked: false, approved: true, createdByAdmin: false, notes: null,
      stripeCustomerId: customerId, stripeSubscriptionId: null, subscriptionStatus: "active", subscriptionLastChecked: null, createdAt: now, updatedAt: now,
    });
  }
  await writer.close();
}

async function measure(count: number) {
  await seed(count);
  const deps = {
    subscriptions: new StripeSubscriptionLookup(createStripeClient("sk_test_local", stripeUrl)),
    linkTester: createLinkTester(),
    now: () => new Date(),
  } as unknown as AppDeps;
  const start = performance.now();
  const result = await checkAllSubscriptions(deps, "admin");
  const ms = Math.round(performance.now() - start);
  return { members: count, ms, perSecond: Math.round((count / ms) * 1000), ...result };
}

async function main() {
  const rows = [await measure(100), await measure(1000)];
  console.table(rows);
  const [base, large] = rows as [(typeof rows)[0], (typeof rows)[0]];
  console.log(`1,000 members: ${(large.ms / 1000).toFixed(1)} s (${large.perSecond}/s) vs 100: ${(base.ms / 1000).toFixed(1)} s (${base.perSecond}/s)`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
