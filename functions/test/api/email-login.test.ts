import { createHash } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../src/platform/db";
import { call } from "../../../testing/http";
import { productionLikeDeps, serveInProcess } from "../../../testing/in-process-app";
import { idTokenFromCustomToken, idTokenFromPassword, resetEmulators } from "../../../testing/emulators";
import { clearInbox, latestMailTo, loginUrlIn, mailsTo } from "../../../testing/inbox";
import { addSubscriber, stripeLocal } from "../../../testing/jobs";
import { fillLoginMailCeiling, requestLoginToken, signInMember } from "../../../testing/members";
import { ADMIN } from "../../../testing/actors";
import { DEFAULT_LOGIN_MAILS_PER_HOUR, ensureAdmin } from "../../src/toolkit";
import { suite } from "../../../testing/suite-env";
import { keepEachTestInOneClockHour } from "../../../testing/clock-hour";

beforeEach(async () => {
  await resetEmulators();
  await clearInbox();
});
// customers made here would otherwise stay for the next file's tests
afterAll(() => stripeLocal.reset());

const login = (token: string) => call("GET", `/api/auth/login?token=${encodeURIComponent(token)}`);

describe("POST /api/auth/email", () => {
  it("e-mails a login link to the app's origin and, in the emulator, returns the token too", async () => {
    const res = await call("POST", "/api/auth/email", { body: { email: "  Active@Example.com " } });
    expect(res.status).toBe(200);
    expect(res.body.sent).toBe(true);
    expect(res.body.loginUrl).toBe(`${suite.appUrl}/email-login?token=${res.body.token}`);
    // at least 128 bits of randomness: 32 bytes base64url is 43 characters
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const mail = await latestMailTo("active@example.com");
    expect(loginUrlIn(mail)).toBe(res.body.loginUrl);
  });

  it("stores only a SHA-256 hash of the token, with a one-hour expiry and five uses", async () => {
    const token = await requestLoginToken("active@example.com");
    const docs = (await db().collection("email_tokens").get()).docs;
    expect(docs).toHaveLength(1);
    const stored = docs[0]!;
    expect(JSON.stringify(stored.data())).not.toContain(token);
    expect(stored.id).toBe(createHash("sha256").update(token).digest("hex"));
    const data = stored.data();
    expect(data.email).toBe("active@example.com");
    expect(data.useCount).toBe(0);
    expect(data.maxUses).toBe(5);
    const ttl = data.expiresAt.toMillis() - data.createdAt.toMillis();
    expect(ttl).toBeGreaterThan(59 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(60 * 60 * 1000 + 1000);
  });

  it("answers an address the hub does not know with { sent: true } alone: no token made, no mail sent", async () => {
    const res = await call("POST", "/api/auth/email", { body: { email: "nobody-here@example.com" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: true });
    expect((await db().collection("email_tokens").get()).empty).toBe(true);
    // the emulator looks up and sends before answering: once a later member's mail is in, none to the stranger came first
    await call("POST", "/api/auth/email", { body: { email: "active@example.com" } });
    await latestMailTo("active@example.com");
    expect(await mailsTo("nobody-here@example.com")).toEqual([]);
  });

  it("allows five links per address in 15 minutes, then answers 429 with Retry-After", async () => {
    for (let i = 0; i < 5; i++) expect((await call("POST", "/api/auth/email", { body: { email: "active@example.com" } })).status).toBe(200);
    const limited = await call("POST", "/api/auth/email", { body: { email: "active@example.com" } });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("RATE_LIMITED");
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // another address is not affected
    expect((await call("POST", "/api/auth/email", { body: { email: "trialing@example.com" } })).status).toBe(200);
  });
});

describe("who gets a login mail", () => {
  keepEachTestInOneClockHour();

  it("a member with a user document and no Stripe customer (admin-created): token and mail", async () => {
    await ensureAdmin(ADMIN.email, ADMIN.password);
    const admin = await idTokenFromPassword(ADMIN.email, ADMIN.password);
    expect((await call("POST", "/api/admin/create-user", { idToken: admin, body: { email: "invited@example.com" } })).status).toBe(201);
    const res = await call("POST", "/api/auth/email", { body: { email: "invited@example.com" } });
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(loginUrlIn(await latestMailTo("invited@example.com"))).toBe(res.body.loginUrl);
  });

  it.each([
    ["a lapsed subscriber (canceled)", "lapsed@example.com", "canceled"],
    ["a subscriber in arrears (past_due)", "arrears@example.com", "past_due"],
    ["a customer who never subscribed", "customer-only@example.com", null],
  ])("a Stripe customer with no user document, %s: token and mail", async (_who, email, status) => {
    if (status) await addSubscriber(stripeLocal.sdk(), email, status);
    else await stripeLocal.sdk().customers.create({ email });
    const res = await call("POST", "/api/auth/email", { body: { email } });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(loginUrlIn(await latestMailTo(email))).toBe(res.body.loginUrl);
    expect((await db().collection("users").where("username", "==", email).get()).empty).toBe(true);
  });

  it("beyond the hub-wide hourly ceiling: the same { sent: true }, no token, no mail, until the next hour's allowance", async () => {
    await fillLoginMailCeiling();
    const res = await call("POST", "/api/auth/email", { body: { email: "active@example.com" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: true });
    expect((await db().collection("email_tokens").get()).empty).toBe(true);
    // one under the ceiling: the next member's mail goes, and the dropped one never came before it
    await fillLoginMailCeiling(DEFAULT_LOGIN_MAILS_PER_HOUR - 1);
    expect((await call("POST", "/api/auth/email", { body: { email: "trialing@example.com" } })).body.token).toBeTruthy();
    await latestMailTo("trialing@example.com");
    expect(await mailsTo("active@example.com")).toEqual([]);
    // and that one filled the hour again
    expect((await call("POST", "/api/auth/email", { body: { email: "trialing@example.com" } })).body).toEqual({ sent: true });
  });

  it("the per-address limit still counts requests for unknown addresses", async () => {
    for (let i = 0; i < 5; i++) expect((await call("POST", "/api/auth/email", { body: { email: "nobody@example.com" } })).status).toBe(200);
    expect((await call("POST", "/api/auth/email", { body: { email: "nobody@example.com" } })).status).toBe(429);
  });
});

describe("GET /api/auth/login", () => {
  it.each(["active@example.com", "trialing@example.com"])(
    "lets %s in: the first login creates an unapproved user with its subscription",
    async (email) => {
      const token = await requestLoginToken(email);
      const res = await login(token);
      expect(res.status).toBe(200);
      expect(res.body.email).toBe(email);
      const idToken = await idTokenFromCustomToken(res.body.customToken);
      const me = await call("GET", "/api/user", { idToken });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ username: email, email, isAdmin: false, approved: false, blocked: false, impersonatedBy: null });
      expect(me.body.subscriptionStatus).toBe(email.startsWith("active") ? "active" : "trialing");
      const stored = (await db().collection("users").doc(me.body.id).get()).data()!;
      expect(stored.stripeCustomerId).toMatch(/^cus_/);
      expect(stored.stripeSubscriptionId).toMatch(/^sub_/);
      expect(stored.subscriptionLastChecked).toBeTruthy();
    },
  );

  it.each(["canceled@example.com", "pastdue@example.com", "no-subscription@example.com"])(
    "refuses %s with 403 NO_ACTIVE_SUBSCRIPTION",
    async (email) => {
      // a customer without any subscription is known to the hub: mailed, then refused by the rule
      if (email.startsWith("no-subscription")) await stripeLocal.sdk().customers.create({ email });
      const res = await login(await requestLoginToken(email));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: "NO_ACTIVE_SUBSCRIPTION", message: "No active subscription found for this email address" });
      expect((await db().collection("users").where("username", "==", email).get()).empty).toBe(true);
    },
  );

  it("finds a Stripe customer whose e-mail has capitals, as the member typed it", async () => {
    const stripe = new Stripe("sk_test_local", {
      host: new URL(suite.stripeUrl).hostname,
      port: Number(new URL(suite.stripeUrl).port),
      protocol: "http",
    });
    const customer = await stripe.customers.create({ email: "Mixed.Case@Example.com" });
    await stripe.subscriptions.create({ customer: customer.id, status: "active" } as Stripe.SubscriptionCreateParams & { status: string });
    const res = await call("POST", "/api/auth/email", { body: { email: " Mixed.Case@Example.com " } });
    const login = await call("GET", `/api/auth/login?token=${res.body.token}`);
    expect(login.status).toBe(200);
    // stored and compared lower-cased
    expect(login.body.email).toBe("mixed.case@example.com");
  });

  it("works five times and refuses the sixth use", async () => {
    const token = await requestLoginToken("active@example.com");
    for (let i = 0; i < 5; i++) expect((await login(token)).status).toBe(200);
    const sixth = await login(token);
    expect(sixth.status).toBe(401);
    expect(sixth.body.code).toBe("TOKEN_USED_UP");
    const stored = (await db().collection("email_tokens").get()).docs[0]!.data();
    expect(stored.useCount).toBe(5);
    expect(stored.lastUsedAt).toBeTruthy();
    // The emulators add no X-Forwarded-For, so no trustworthy client address: none is recorded
    // (it used to be the socket's peer, which on Cloud Run is Google's proxy; see platform/http/client-ip.ts).
    expect(stored.lastUsedIp).toBeNull();
  });

  // In-process (one Node process taking them all, as an instance with concurrency does): the Functions
  // emulator runs each simultaneous request in a worker process of its own and starts one per request
  // when none is idle, and on a busy 2-core machine those start-ups alone outlasted the test.
  it("never lets more than five of many simultaneous uses through", async () => {
    const token = await requestLoginToken("active@example.com");
    const app = await serveInProcess(productionLikeDeps(suite.stripeUrl));
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call("GET", `/api/auth/login?token=${encodeURIComponent(token)}`, { baseUrl: app.url })),
    ).finally(() => app.close());
    // every answer, so that a failure shows what the other uses got
    expect(answers.map((a) => (a.status === 200 ? "200" : `${String(a.status)} ${String(a.body.code)}`)).sort()).toEqual([
      ...Array<string>(5).fill("200"),
      ...Array<string>(3).fill("401 TOKEN_USED_UP"),
    ]);
  });

  it("refuses an expired token", async () => {
    const token = await requestLoginToken("active@example.com");
    const doc = (await db().collection("email_tokens").get()).docs[0]!;
    await doc.ref.update({ expiresAt: new Date(Date.now() - 1000) });
    const res = await login(token);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("TOKEN_EXPIRED");
  });

  it("stores when Firestore's TTL removes the token, a week after it expires, and answers TOKEN_EXPIRED until then", async () => {
    const token = await requestLoginToken("active@example.com");
    const doc = (await db().collection("email_tokens").get()).docs[0]!;
    const week = 7 * 86_400_000;
    expect(doc.get("deleteAt").toMillis() - doc.get("expiresAt").toMillis()).toBe(week);
    // six days and 23 hours after it expired: not yet removed (the emulator has no TTL; production removes it from deleteAt on)
    const expiredAt = Date.now() - week + 3_600_000;
    await doc.ref.update({ expiresAt: new Date(expiredAt), deleteAt: new Date(expiredAt + week) });
    const res = await login(token);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("TOKEN_EXPIRED");
    expect((await doc.ref.get()).get("useCount")).toBe(0);
  });

  it("refuses an unknown token and a missing one", async () => {
    const unknown = await login("x".repeat(43));
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe("TOKEN_INVALID");
    const missing = await call("GET", "/api/auth/login");
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("VALIDATION");
  });

  it("refuses a blocked member", async () => {
    const idToken = await signInMember("active@example.com");
    const me = await call("GET", "/api/user", { idToken });
    await db().collection("users").doc(me.body.id).update({ blocked: true });
    const res = await login(await requestLoginToken("active@example.com"));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("BLOCKED");
    const blockedCall = await call("GET", "/api/user", { idToken });
    expect(blockedCall.status).toBe(403);
    expect(blockedCall.body.code).toBe("BLOCKED");
  });

  it("signs a member in through the link read from the inbox", async () => {
    await call("POST", "/api/auth/email", { body: { email: "active@example.com" } });
    const url = new URL(loginUrlIn(await latestMailTo("active@example.com")));
    const res = await login(url.searchParams.get("token")!);
    expect(res.status).toBe(200);
    expect(res.body.email).toBe("active@example.com");
  });
});

describe("session", () => {
  it("GET /api/auth/session reports the signed-in e-mail and never answers 401", async () => {
    expect((await call("GET", "/api/auth/session")).body).toEqual({ authenticated: false, email: null });
    expect((await call("GET", "/api/auth/session", { idToken: "not-a-token" })).body).toEqual({ authenticated: false, email: null });
    const idToken = await signInMember("trialing@example.com");
    const res = await call("GET", "/api/auth/session", { idToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ authenticated: true, email: "trialing@example.com" });
  });

  it("GET /api/user/profile returns the member's own profile", async () => {
    const idToken = await signInMember("active@example.com");
    const res = await call("GET", "/api/user/profile", { idToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      email: "active@example.com",
      displayName: null,
      approved: false,
      blocked: false,
      subscriptionStatus: "active",
      // no tiers saved: everyone is on the one standard tier
      tierId: "standard",
      tierName: "Standard",
      tierSource: "default",
      weight: 1,
      weeklyDigest: true,
    });
  });

  it("POST /api/auth/logout answers 204 and revokes the member's refresh tokens", async () => {
    const idToken = await signInMember("active@example.com");
    // Revocation has one-second granularity: a token from the same second would still pass.
    await new Promise((r) => setTimeout(r, 1100));
    const res = await call("POST", "/api/auth/logout", { idToken });
    expect(res.status).toBe(204);
    const { getAuth } = await import("firebase-admin/auth");
    await expect(getAuth().verifyIdToken(idToken, true)).rejects.toMatchObject({ code: "auth/id-token-revoked" });
  });
});
