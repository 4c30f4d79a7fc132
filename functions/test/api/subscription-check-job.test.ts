import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_COMMUNITY } from "../../../testing/suite-config";
import { db } from "../../src/platform/db";
import type { AppDeps } from "../../src/platform/deps";
import { createLinkTester } from "../../src/links/link-tester";
import { checkAllSubscriptions } from "../../src/members/subscription-checks.service";
import { createStripeClient, StripeSubscriptionLookup, type SubscriptionLookup } from "../../src/members/subscriptions";
import { signInActors } from "../../../testing/actors";
import { resetEmulators } from "../../../testing/emulators";
import { call } from "../../../testing/http";
import { suite } from "../../../testing/suite-env";

beforeEach(resetEmulators);

describe("the daily subscription check", () => {
  it("runs through its scheduled handler and stores a summary", async () => {
    const { alice } = await signInActors();
    // what the deployed function reads from its params and secrets
    Object.assign(process.env, {
      STRIPE_SECRET_KEY: "sk_test_local",
      STRIPE_API_URL: suite.stripeUrl,
      SMTP_URL: "smtp://127.0.0.1:1025",
      APP_ORIGIN: suite.appUrl,
      WEB_API_KEY: "demo-api-key",
      COMMUNITY_NAME: DEMO_COMMUNITY.name,
      COMMUNITY_JOIN_URL: DEMO_COMMUNITY.joinUrl,
      COMMUNITY_SUPPORT_EMAIL: DEMO_COMMUNITY.supportEmail,
    });
    const { dailySubscriptionCheck } = await import("../../src/index");
    await dailySubscriptionCheck.run({ scheduleTime: new Date().toISOString(), jobName: "test" } as never);
    const summaries = (await db().collection("subscription_checks").get()).docs.map((d) => d.data());
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatchObject({ total: 2, active: 2, cancelled: 0, not_found: 0, errors: 0, trigger: "schedule" });
    expect((await call("GET", "/api/user/links", { idToken: alice })).status).toBe(200);
  });

  it("counts one failing member in errors and checks the rest", async () => {
    await signInActors();
    const stripe = new StripeSubscriptionLookup(createStripeClient("sk_test_local", suite.stripeUrl));
    let calls = 0;
    const flaky: SubscriptionLookup = {
      findByEmail: (...emails) => (emails[0] === "trialing@example.com" ? Promise.reject(Object.assign(new Error("boom"), { statusCode: 500 })) : stripe.findByEmail(...emails)),
      findByCustomer: (id) => {
        calls++;
        return calls === 1 ? Promise.reject(Object.assign(new Error("rate limited"), { statusCode: 429 })) : stripe.findByCustomer(id);
      },
    };
    // drop the stored customer of one member so both lookups are used
    const trialing = (await db().collection("users").where("username", "==", "trialing@example.com").get()).docs[0]!;
    await trialing.ref.update({ stripeCustomerId: null });
    const deps = { subscriptions: flaky, now: () => new Date(), linkTester: createLinkTester() } as unknown as AppDeps;
    const result = await checkAllSubscriptions(deps, "admin");
    // active@ answered after a 429 retry; trialing@ kept failing with 500 (retried, then counted)
    expect(result).toEqual({ total: 2, active: 1, cancelled: 0, not_found: 0, errors: 1 });
    expect(calls).toBe(2);
  });
});
