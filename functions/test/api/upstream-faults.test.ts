import { createServer, type Server, type AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../src/platform/db";
import { createLinkTester } from "../../src/links/link-tester";
import type { SubscriptionLookup } from "../../src/members/subscriptions";
import { createProgramAs, signInActors, submitOwnLink } from "../../../testing/actors";
import { resetEmulators } from "../../../testing/emulators";
import { call } from "../../../testing/http";
import { loginMailQueueOf, productionLikeDeps, serveInProcess } from "../../../testing/in-process-app";
import { stripeLocal } from "../../../testing/jobs";
import { requestLoginToken } from "../../../testing/members";
import { suite } from "../../../testing/suite-env";

/**
 * The services the API leans on failing: Stripe answering 429 or 500, the SMTP server down, a link
 * under test that never answers. Each gives a clear error or a counted failure in bounded time, and
 * no change is lost or half made. The real app in-process, with the failing service swapped in.
 */

const stripeError = (statusCode: number) => Object.assign(new Error(`Stripe said ${String(statusCode)}`), { statusCode });
const alwaysFailing = (statusCode: number): SubscriptionLookup => ({
  findByEmail: () => Promise.reject(stripeError(statusCode)),
  findByCustomer: () => Promise.reject(stripeError(statusCode)),
  listPage: () => Promise.reject(stripeError(statusCode)),
  customerKnown: () => Promise.reject(stripeError(statusCode)),
});
const smtpDown = { send: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:25")) };

let admin: string;
let alice: string;
beforeEach(async () => {
  await resetEmulators();
  ({ admin, alice } = await signInActors());
});

// the customer made below would otherwise stay for the next file's tests
afterAll(() => stripeLocal.reset());

const userDoc = async (email: string) => (await db().collection("users").where("username", "==", email).get()).docs[0]?.data();

describe("Stripe failing", () => {
  it.each([429, 500, 503])(
    "a subscription check while Stripe answers %i: retried, then a clear 503, the stored status untouched",
    async (statusCode) => {
      const app = await serveInProcess(productionLikeDeps(suite.stripeUrl, { subscriptions: alwaysFailing(statusCode) }));
      const before = await userDoc("active@example.com");
      const res = await call("POST", "/api/admin/check-subscription/active@example.com", { baseUrl: app.url, idToken: admin });
      await app.close();
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        code: "UPSTREAM_UNAVAILABLE",
        message: "The payment provider could not be reached. Please try again in a minute.",
      });
      expect(await userDoc("active@example.com")).toEqual(before);
    },
  );

  it("a subscription check that Stripe rate-limits once goes through on the retry", async () => {
    let calls = 0;
    const real = productionLikeDeps(suite.stripeUrl).subscriptions;
    const flaky: SubscriptionLookup = {
      findByEmail: (...emails) => (++calls === 1 ? Promise.reject(stripeError(429)) : real.findByEmail(...emails)),
      findByCustomer: (id) => (++calls === 1 ? Promise.reject(stripeError(429)) : real.findByCustomer(id)),
      listPage: (cursor) => real.listPage(cursor),
      customerKnown: (id) => real.customerKnown(id),
    };
    const app = await serveInProcess(productionLikeDeps(suite.stripeUrl, { subscriptions: flaky }));
    const res = await call("POST", "/api/admin/check-subscription/active@example.com", { baseUrl: app.url, idToken: admin });
    await app.close();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "active", isActive: true });
    expect(calls).toBe(2);
  });

  // Check All while Stripe fails: subscription-check-job.test.ts (the job runs on the queue, with Stripe's failures injected there)

  it("a new member's login link while Stripe is down: 503 to try again, no account made, the link still usable", async () => {
    const app = await serveInProcess(productionLikeDeps(suite.stripeUrl, { subscriptions: alwaysFailing(500) }));
    // a Stripe customer without a subscription: the hub knows the address, so a link is mailed
    await stripeLocal.sdk().customers.create({ email: "trialing-new@example.com" });
    const token = await requestLoginToken("trialing-new@example.com");
    const res = await call("GET", `/api/auth/login?token=${token}`, { baseUrl: app.url });
    await app.close();
    expect(res.status).toBe(503);
    expect(res.body.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(await userDoc("trialing-new@example.com")).toBeUndefined();
    // the same link works once Stripe is back (it has uses left); this address has no subscription, so the answer is the rule's
    const again = await call("GET", `/api/auth/login?token=${token}`);
    expect(again.body.code).toBe("NO_ACTIVE_SUBSCRIPTION");
  });
});

describe("SMTP down", () => {
  it("a link marked dead stays dead; the owner is recorded as not told", async () => {
    const program = await createProgramAs(admin, "Chase");
    const link = await submitOwnLink(alice, program.id);
    const app = await serveInProcess(productionLikeDeps(suite.stripeUrl, { mailer: smtpDown }));
    const res = await call("POST", `/api/links/${link.id}/mark-dead`, {
      baseUrl: app.url,
      idToken: admin,
      body: { note: "Expired offer" },
    });
    const bulk = await call("PATCH", "/api/links/bulk", {
      baseUrl: app.url,
      idToken: admin,
      body: { ids: [link.id], op: "mark-dead", deadNote: "Still expired" },
    });
    await app.close();
    expect(res.status).toBe(200);
    // the answers say the owner was not told, and the link keeps saying so (a reload shows it)
    expect(res.body).toMatchObject({ isDead: true, deadNote: "Expired offer", lastNotifiedAt: null, ownerNotified: false });
    expect(bulk.body).toEqual({ updated: 1, failed: [], notNotified: [link.id] });
    const stored = (await call("GET", "/api/user/links", { idToken: alice })).body[0];
    expect(stored).toMatchObject({ isDead: true, deadNote: "Still expired", lastNotifiedAt: null, ownerNotEmailed: true });
    // marked dead again once mail works: the owner is told, and the note goes
    const again = await call("POST", `/api/links/${link.id}/mark-dead`, { idToken: admin, body: { note: "Expired offer" } });
    expect(again.body).toMatchObject({ ownerNotified: true, ownerNotEmailed: false });
    expect(again.body.lastNotifiedAt).not.toBeNull();
  });

  it("a login link request: answered { sent: true }; the queued mail fails and stays queued for a retry, never telling the client", async () => {
    const deps = productionLikeDeps(suite.stripeUrl, { mailer: smtpDown });
    const app = await serveInProcess(deps);
    const res = await call("POST", "/api/auth/email", { baseUrl: app.url, body: { email: "active@example.com" } });
    await app.close();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: true });
    const [attempt] = await loginMailQueueOf(deps).dispatch();
    expect(attempt?.status).toBe("rejected");
    expect(loginMailQueueOf(deps).held).toHaveLength(1);
  });

  it("a login link request in the emulator (mail sent before answering): 503 with the error body, never the mail server's message", async () => {
    const app = await serveInProcess(productionLikeDeps(suite.stripeUrl, { mailer: smtpDown, loginMailQueue: null }));
    const res = await call("POST", "/api/auth/email", { baseUrl: app.url, body: { email: "active@example.com" } });
    await app.close();
    expect(res.status).toBe(503);
    expect(res.body.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(res.text).not.toContain("ECONNREFUSED");
  });
});

describe("a link under test that never answers", () => {
  let hanging: Server;
  let hangingUrl: string;
  beforeAll(async () => {
    // accepts the connection, reads the request, never says a word
    hanging = createServer((socket) => socket.on("data", () => undefined));
    await new Promise<void>((listening) => hanging.listen(0, "127.0.0.1", listening));
    hangingUrl = `http://127.0.0.1:${String((hanging.address() as AddressInfo).port)}/offer`;
  });
  afterAll(() => new Promise<void>((closed) => hanging.close(() => closed())));

  it("is reported as timed out at the deadline, one test and in bulk, and the result is stored", async () => {
    const program = await createProgramAs(admin, "Chase");
    const link = await submitOwnLink(alice, program.id, hangingUrl);
    // the deadline shortened to 1 s, and loopback allowed, for this test only
    const linkTester = createLinkTester({ timeoutMs: 1000, isAddressAllowed: () => true });
    const app = await serveInProcess(productionLikeDeps(suite.stripeUrl, { linkTester }));
    // (a request that hung would fail this test on the runner's own timeout)
    const one = await call("POST", `/api/admin/test-referral-link/${link.id}`, { baseUrl: app.url, idToken: admin, body: {} });
    const bulk = await call("PATCH", "/api/links/bulk", { baseUrl: app.url, idToken: admin, body: { ids: [link.id], op: "test" } });
    await app.close();
    expect(one.status).toBe(200);
    expect(one.body.validation).toMatchObject({ isValid: false, errorMessage: "Timed out after 1 second" });
    expect(bulk.body).toEqual({ updated: 1, failed: [], tested: { ok: 0, broken: 0, inconclusive: 1 } });
    const stored = ((await call("GET", "/api/links", { idToken: admin })).body as { id: string; testedOffer: string }[]).find(
      (l) => l.id === link.id,
    )!;
    expect(stored.testedOffer).toContain("Timed out after 1 second");
  });
});
