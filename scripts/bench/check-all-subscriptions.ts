/**
 * npm run bench:subscriptions – Check All Subscriptions for a real community at a real Stripe's pace.
 *
 * Runs inside the local suite (npm run exec). 10,000 members (8,000 active, 1,000 trialing, 1,000
 * lapsed; half with their Stripe customer ID stored, half known by e-mail only; one in five on the
 * price of a Gold tier, whose tier the job reads from the same listing), the local
 * Stripe-compatible server answering each call after 300 ms. In the same run:
 * - the job (what the button and the daily schedule start): through the API, on the `runJobs` queue
 *   of the Functions emulator, followed to its end;
 * - the previous method (each member asked about separately, 5 at a time, the single check's
 *   lookups) on a sample of 200 members, projected to 10,000.
 * Prints the time and the number of Stripe calls of each; asserts nothing.
 */
import "../lib/require-node-major"; // first: stops at once on a Node of another major
import {
  checkUserSubscription,
  db,
  forEachLimited,
  createLinkTester,
  createStripeClient,
  ensureAdmin,
  importUsers,
  StripeSubscriptionLookup,
  type AppDeps,
} from "../../functions/src/toolkit";
import { idTokenFromPassword, resetEmulators } from "../../testing/emulators";
import { followJob, startJob, stripeLocal } from "../../testing/jobs";
import { callRoute } from "../../testing/http";
import { suite } from "../../testing/suite-env";

const MEMBERS = 10_000;
const LATENCY_MS = 300;
const SAMPLE = 200;
const OLD_CONCURRENCY = 5;
const ADMIN = { email: "bench-admin@example.com", password: "bench-admin-password" };

const statusOf = (i: number) => (i < 8_000 ? "active" : i < 9_000 ? "trialing" : "canceled");
const PRICES = { member: "price_member_monthly", gold: "price_gold_monthly" };
const priceOf = (i: number) => (i % 5 === 0 ? PRICES.gold : PRICES.member);
/** Members the job must put in Gold: on its price, with a subscription active or trialing. */
const EXPECTED_GOLD = Array.from({ length: MEMBERS }, (_, i) => i).filter((i) => i % 5 === 0 && statusOf(i) !== "canceled").length;

async function seed() {
  await resetEmulators();
  await stripeLocal.reset();
  const subscribers = Array.from({ length: MEMBERS }, (_, i) => ({
    email: `member-${String(i)}@example.com`,
    status: statusOf(i),
    priceId: priceOf(i),
  }));
  const res = await fetch(`${suite.stripeUrl}/__bulk`, { method: "POST", body: JSON.stringify({ subscribers }) });
  const { customerIds } = (await res.json()) as { customerIds: string[] };
  // every member stored as active, half with their Stripe customer id known: the check finds the rest
  await importUsers(
    subscribers.map(({ email }, i) => ({
      uid: `member-${String(i).padStart(5, "0")}`,
      email,
      isAdmin: false,
      approved: true,
      createdByAdmin: false,
      subscription: { stripeCustomerId: i % 2 ? customerIds[i]! : null, stripeSubscriptionId: null, subscriptionStatus: "active" },
    })),
  );
  await ensureAdmin(ADMIN.email, ADMIN.password);
}

const stripeCalls = async () => (await stripeLocal.stats()).calls;

async function previousMethod() {
  const deps = {
    subscriptions: new StripeSubscriptionLookup(createStripeClient("sk_test_local", suite.stripeUrl)),
    linkTester: createLinkTester(),
    now: () => new Date(),
  } as unknown as AppDeps;
  const users = (await db().collection("users").where("isAdmin", "==", false).limit(SAMPLE).get()).docs.map((doc) => ({
    id: doc.id,
    ...doc.data(),
  }));
  const callsBefore = await stripeCalls();
  const started = performance.now();
  await forEachLimited(users, OLD_CONCURRENCY, async (user) => {
    await checkUserSubscription(deps, user as never);
  });
  return { ms: performance.now() - started, calls: (await stripeCalls()) - callsBefore, members: users.length };
}

async function job(admin: string) {
  const callsBefore = await stripeCalls();
  const started = performance.now();
  const seen = await followJob(admin, await startJob(admin, "checkAllSubscriptions"), 15 * 60_000);
  const end = seen.at(-1)!;
  if (end.state !== "done") throw new Error(`the job ended ${end.state}: ${end.error ?? ""}`);
  return { ms: performance.now() - started, calls: (await stripeCalls()) - callsBefore, summary: end.summary };
}

async function main() {
  console.log(`seeding ${MEMBERS.toLocaleString("en")} members…`);
  await seed();
  await stripeLocal.setLatency(LATENCY_MS);
  const admin = await idTokenFromPassword(ADMIN.email, ADMIN.password);
  const tiers = await callRoute("updateTiers", {
    idToken: admin,
    body: {
      tiers: [
        { id: "standard", name: "Standard", weight: 1, stripePriceIds: [PRICES.member] },
        { id: "gold", name: "Gold", weight: 2, stripePriceIds: [PRICES.gold] },
      ],
      defaultTierId: "standard",
    },
  });
  if (tiers.status !== 200) throw new Error(`tiers ${String(tiers.status)}: ${tiers.text}`);
  const old = await previousMethod();
  const now = await job(admin);
  const projected = { ms: (old.ms / old.members) * MEMBERS, calls: (old.calls / old.members) * MEMBERS };
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.table([
    {
      method: `previous: each member, ${String(OLD_CONCURRENCY)} at a time (measured)`,
      members: old.members,
      "Stripe calls": old.calls,
      time: s(old.ms),
    },
    { method: "previous (projected)", members: MEMBERS, "Stripe calls": Math.round(projected.calls), time: s(projected.ms) },
    { method: "job: one listing, then applied (measured)", members: MEMBERS, "Stripe calls": now.calls, time: s(now.ms) },
  ]);
  console.log(
    `Stripe at ${String(LATENCY_MS)} ms per call. Job summary: ${JSON.stringify(now.summary)}. Goal: under 60 s and at most a few hundred calls for 10,000 members.`,
  );
  // the tiers the job gave, as the Users tab shows them (the sample the previous method checked first included)
  const users = await callRoute("listUsers", { idToken: admin });
  const gold = users.body.filter((u) => u.tierId === "gold" && u.tierSource === "subscription").length;
  console.log(
    `Members in Gold by their subscription's price: ${gold.toLocaleString("en")} (expected ${EXPECTED_GOLD.toLocaleString("en")}).`,
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
