import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type Stripe from "stripe";
import type { Job } from "@hub/contract/jobs";
import { DEMO_COMMUNITY, URLS } from "../../../testing/suite-config";
import { db } from "../../src/platform/db";
import { signInActors } from "../../../testing/actors";
import { resetEmulators } from "../../../testing/emulators";
import { call, callRoute } from "../../../testing/http";
import { addSubscriber, followJob, runJob, startJob, stripeLocal } from "../../../testing/jobs";
import { suite } from "../../../testing/suite-env";

/**
 * Check All Subscriptions as a job (docs/architecture.md, *How subscription checks scale*): one pass over Stripe's listing
 * of every subscription (100 per page, customers expanded), applied to the members only once it has
 * all been read, in slices on the `runJobs` queue, with progress, one job of a kind at a time.
 */

const CHECK_ALL = "checkAllSubscriptions";
let admin: string;
let alice: string;

beforeEach(async () => {
  await resetEmulators();
  await stripeLocal.reset();
  ({ admin, alice } = await signInActors());
});
afterAll(() => stripeLocal.reset());

/**
 * `n` members who were active at the last check: member i is canceled at Stripe (i % 3 == 0), active
 * (1) or unknown there (2); every other one's Stripe e-mail is in capitals. With the 4 seed
 * subscriptions, 150 members make a listing of two pages.
 */
async function seedMembers(stripe: Stripe, n: number): Promise<void> {
  const batch = db().batch();
  for (let i = 0; i < n; i++) {
    const email = `member${String(i)}@example.com`;
    batch.set(
      db()
        .collection("users")
        .doc(`member-${String(i).padStart(3, "0")}`),
      {
        username: email,
        email,
        isAdmin: false,
        blocked: false,
        approved: true,
        createdByAdmin: false,
        subscriptionStatus: "active",
        stripeCustomerId: null,
        createdAt: new Date(),
        updatedAt: new Date(),
      },
    );
  }
  await batch.commit();
  for (let i = 0; i < n; i++) {
    if (i % 3 === 2) continue;
    await addSubscriber(
      stripe,
      i % 2 ? `MEMBER${String(i)}@EXAMPLE.COM` : `member${String(i)}@example.com`,
      i % 3 === 0 ? "canceled" : "active",
    );
  }
}

/** The job's calls to Stripe's listing (the sign-ins' own lookups list one customer's, without `expand`). */
const listingRequests = async () =>
  (await stripeLocal.stats()).requests.filter((r) => r.startsWith("GET /v1/subscriptions") && r.includes("expand"));
const statusOf = async (uid: string) => (await db().doc(`users/${uid}`).get()).get("subscriptionStatus") as unknown;
const usersNow = async () => (await db().collection("users").orderBy("__name__").get()).docs.map((d) => [d.id, d.data()]);

describe("Check All Subscriptions, a job", () => {
  it("answers at once, shows its progress, applies Stripe's listing to every member and ends with the summary", async () => {
    const stripe = stripeLocal.sdk();
    await seedMembers(stripe, 150);
    // alice's subscription ends: she must lose access
    const [aliceSub] = (
      await stripe.subscriptions.list({ customer: (await stripe.customers.list({ email: "active@example.com" })).data[0]!.id })
    ).data;
    await stripe.subscriptions.cancel(aliceSub!.id);
    await stripeLocal.setLatency(300);

    const jobId = await startJob(admin, CHECK_ALL);
    const seen = await followJob(admin, jobId);
    expect(seen[0]).toMatchObject({ jobId, kind: "subscription-check", state: "running", phase: "listing", total: null });
    // the phases come in order, and within one the count only grows
    const order = ["listing", "applying", "finished"];
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [seen[i - 1]!, seen[i]!];
      expect(order.indexOf(b.phase)).toBeGreaterThanOrEqual(order.indexOf(a.phase));
      if (a.phase === b.phase) expect(b.done).toBeGreaterThanOrEqual(a.done);
    }
    const end = seen.at(-1)!;
    // members: alice (now canceled), tom (trialing) and the 150; the admin is not checked
    expect(end).toMatchObject({
      state: "done",
      phase: "finished",
      total: 153,
      done: 153,
      summary: { total: 152, active: 51, cancelled: 51, not_found: 50, errors: 0 },
    });
    expect(end.endedAt).toBeTruthy();

    expect([
      await statusOf("member-000"),
      await statusOf("member-001"),
      await statusOf("member-002"),
      await statusOf("member-003"),
    ]).toEqual(["canceled", "active", "not_found", "canceled"]);
    // her session was ended, and her token is told why
    expect((await call("GET", "/api/user/links", { idToken: alice })).body.code).toBe("NO_ACTIVE_SUBSCRIPTION");
    const summaries = (await db().collection("subscription_checks").get()).docs.map((d) => d.data());
    expect(summaries).toEqual([expect.objectContaining({ total: 152, active: 51, trigger: "admin" })]);
    // two pages of 100 for 104 subscriptions, however many members: not two calls per member
    expect(await listingRequests()).toHaveLength(2);
  });

  it("a listing that fails half-way changes no member: the job fails, and the next one runs", async () => {
    await seedMembers(stripeLocal.sdk(), 150);
    await stripeLocal.failCalls({ path: "/v1/subscriptions", after: 1, count: 10_000, status: 500 });
    const before = await usersNow();

    const end = (await followJob(admin, await startJob(admin, CHECK_ALL), 120_000)).at(-1)!;
    expect(end).toMatchObject({ state: "failed", phase: "finished" });
    expect(end.error).toBeTruthy();
    expect(await usersNow()).toEqual(before);
    expect((await db().collection("subscription_checks").get()).size).toBe(0);

    await stripeLocal.clearFaults();
    expect(await runJob(admin, CHECK_ALL)).toMatchObject({ state: "done", summary: { total: 152, cancelled: 50 } });
  }, 180_000);

  it("a failed slice is retried from its cursor: the first page is not read again", async () => {
    await seedMembers(stripeLocal.sdk(), 150);
    // page 2 fails for longer than one slice's own retries (and the SDK's), then Stripe answers again
    await stripeLocal.failCalls({ path: "/v1/subscriptions", after: 1, count: 8, status: 503 });
    const end = await runJob(admin, CHECK_ALL);
    expect(end).toMatchObject({ state: "done", summary: { total: 152, active: 52, cancelled: 50, not_found: 50, errors: 0 } });
    const pages = await listingRequests();
    expect(pages.filter((r) => !r.includes("starting_after"))).toHaveLength(1);
    expect(pages.length).toBeGreaterThan(8);
  }, 120_000);

  it("runs one at a time: a second start answers 409 JOB_RUNNING with the running job's id", async () => {
    await stripeLocal.setLatency(1_000);
    const first = await startJob(admin, CHECK_ALL);
    const second = await callRoute(CHECK_ALL, { idToken: admin });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: "JOB_RUNNING", jobId: first });
    // another kind of job is not held back
    const other = await startJob(admin, "autoApproveSubscribers");
    const ends = await Promise.all([followJob(admin, first), followJob(admin, other)]);
    expect(ends.map((seen) => seen.at(-1)!.state)).toEqual(["done", "done"]);
    expect((await call("GET", "/api/admin/jobs/no-such-job", { idToken: admin })).status).toBe(404);
  });

  it("counts a member whose Stripe customer cannot be read as an error, and leaves admin-made members alone", async () => {
    const stripe = stripeLocal.sdk();
    const member = { isAdmin: false, blocked: false, approved: true, createdByAdmin: false, createdAt: new Date(), updatedAt: new Date() };
    const seed = (uid: string, email: string, stripeCustomerId: string) =>
      db()
        .doc(`users/${uid}`)
        .set({ ...member, username: email, email, subscriptionStatus: "active", stripeCustomerId });
    // a customer Stripe knows, with no subscription: not found, as before
    await seed("no-sub", "no-sub@example.com", (await stripe.customers.create({ email: "no-sub@example.com" })).id);
    // a customer id Stripe no longer knows (404 on the customer), and one whose customer lookup keeps failing
    await seed("gone", "gone@example.com", "cus_deletedlongago");
    const flakyCustomer = (await stripe.customers.create({ email: "flaky@example.com" })).id;
    await seed("flaky", "flaky@example.com", flakyCustomer);
    await stripeLocal.failCalls({ path: `/v1/customers/${flakyCustomer}`, after: 0, count: 10_000, status: 500 });
    // a user an admin made: exempt from the subscription rule, so not checked at all
    expect((await call("POST", "/api/admin/create-user", { idToken: admin, body: { email: "made@example.com" } })).status).toBe(201);

    const end = await runJob(admin, CHECK_ALL);
    // alice (active), tom (trialing), no-sub, gone, flaky; neither the admin nor made@example.com
    expect(end).toMatchObject({ state: "done", summary: { total: 5, active: 2, cancelled: 0, not_found: 1, errors: 2 } });
    expect(await statusOf("no-sub")).toBe("not_found");
    // what Stripe could not tell is not written over: the last known status stays
    expect([await statusOf("gone"), await statusOf("flaky")]).toEqual(["active", "active"]);
    const made = (await db().collection("users").where("username", "==", "made@example.com").get()).docs[0]!;
    expect(made.get("subscriptionStatus") ?? null).toBeNull();
    expect(made.get("subscriptionLastChecked") ?? null).toBeNull();
  }, 120_000);

  it("the daily schedule starts the same job", async () => {
    // what the deployed function reads from its params and secrets
    Object.assign(process.env, {
      STRIPE_SECRET_KEY: "sk_test_local",
      STRIPE_API_URL: suite.stripeUrl,
      SMTP_URL: URLS.smtp,
      APP_ORIGIN: suite.appUrl,
      WEB_API_KEY: "demo-api-key",
      COMMUNITY_NAME: DEMO_COMMUNITY.name,
      COMMUNITY_JOIN_URL: DEMO_COMMUNITY.joinUrl,
      COMMUNITY_SUPPORT_EMAIL: DEMO_COMMUNITY.supportEmail,
    });
    const { dailySubscriptionCheck } = await import("../../src/index");
    await dailySubscriptionCheck.run({ scheduleTime: new Date().toISOString(), jobName: "test" } as never);
    const jobs = await db().collection("jobs").where("kind", "==", "subscription-check").get();
    expect(jobs.size).toBe(1);
    const end: Job = (await followJob(admin, jobs.docs[0]!.id)).at(-1)!;
    expect(end).toMatchObject({ state: "done", summary: { total: 2, active: 2, cancelled: 0, not_found: 0, errors: 0 } });
    const summaries = (await db().collection("subscription_checks").get()).docs.map((d) => d.data());
    expect(summaries).toEqual([expect.objectContaining({ total: 2, trigger: "schedule" })]);
    expect((await call("GET", "/api/user/links", { idToken: alice })).status).toBe(200);
  });
});
