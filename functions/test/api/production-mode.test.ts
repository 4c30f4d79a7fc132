import { getAuth } from "firebase-admin/auth";
import { logger } from "firebase-functions";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OutgoingMail } from "../../src/platform/mailer";
import type { SubscriptionLookup } from "../../src/members/subscriptions";
import { call } from "../../../testing/http";
import {
  loginMailQueueOf,
  PRODUCTION_SETUP_TOKEN,
  productionLikeDeps,
  serveInProcess,
  TEST_COMMUNITY,
} from "../../../testing/in-process-app";
import { idTokenFromPassword, resetEmulators, selfSignUp } from "../../../testing/emulators";
import { clearInbox, latestMailTo, loginUrlIn } from "../../../testing/inbox";
import { addSubscriber, stripeLocal } from "../../../testing/jobs";
import { fillLoginMailCeiling } from "../../../testing/members";
import { cloudTasksLoginMailQueue, ensureAdmin } from "../../src/toolkit";
import { db } from "../../src/platform/db";
import { suite } from "../../../testing/suite-env";
import { LOCAL_VISITOR_COOKIE_SECRET } from "../../../testing/suite-config";
import { keepEachTestInOneClockHour } from "../../../testing/clock-hour";

/**
 * The real app factory, in-process against the same emulators, configured as in production: the
 * answer must not carry the token, and the clock can be moved to test expiry.
 */
const sent: OutgoingMail[] = [];
const community = TEST_COMMUNITY;
let now = new Date();
let app: Awaited<ReturnType<typeof serveInProcess>>;
let baseUrl: string;
const deps = productionLikeDeps(suite.stripeUrl, { mailer: { send: async (mail) => void sent.push(mail) }, now: () => now });
/** The login-mail queue: its tasks run when a test dispatches them, after the answer. */
const queue = loginMailQueueOf(deps);

beforeAll(async () => {
  app = await serveInProcess(deps);
  baseUrl = app.url;
});
afterAll(async () => {
  await app.close();
  await stripeLocal.reset();
});
beforeEach(async () => {
  await resetEmulators();
  sent.length = 0;
  queue.held.length = 0;
  now = new Date();
});

const tokenFromMail = () => new URL(/https:\/\/\S+/.exec(sent.at(-1)!.text)![0]).searchParams.get("token")!;

describe("outside the emulator", () => {
  it("answers POST /api/auth/email with { sent: true } only, and mails a link on the configured origin", async () => {
    const res = await call("POST", "/api/auth/email", {
      baseUrl,
      body: { email: "active@example.com" },
      headers: { host: "evil.example.net" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: true });
    expect(sent).toHaveLength(0); // the look-up and the mail come after the answer, on the queue
    await queue.dispatch();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain("https://hub.example.com/email-login?token=");
    expect(sent[0]!.text).not.toContain("evil.example.net");
    // the configured community, not a fixed name, speaks in the e-mail
    expect(sent[0]!.subject).toBe("Your login link for the Points Collective Referral Hub");
    expect(sent[0]!.text).toContain("Questions? Write to help@points.example.org");
    // the emulator's own proxies add this header; our app must not
    expect(res.headers.get("x-powered-by")).toBeNull();
  });

  it("tells every visitor the configured community, cacheable for a while", async () => {
    const res = await call("GET", "/api/public/community", { baseUrl });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(community);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("with an invalid community configuration, fails only the community's own endpoint, not login", async () => {
    const misconfiguredDeps = productionLikeDeps(suite.stripeUrl, {
      community: null,
      mailer: { send: async (mail) => void sent.push(mail) },
    });
    const misconfigured = await serveInProcess(misconfiguredDeps);
    const community = await call("GET", "/api/public/community", { baseUrl: misconfigured.url });
    const login = await call("POST", "/api/auth/email", { baseUrl: misconfigured.url, body: { email: "active@example.com" } });
    await misconfigured.close();
    await loginMailQueueOf(misconfiguredDeps).dispatch();
    expect(community.status).toBe(503);
    expect(community.body.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(login.status).toBe(200);
    expect(sent.at(-1)!.subject).toBe("Your login link for the Referral Hub");
  });

  it("accepts a token until one hour has passed, not after", async () => {
    await call("POST", "/api/auth/email", { baseUrl, body: { email: "active@example.com" } });
    await queue.dispatch();
    const token = tokenFromMail();
    now = new Date(now.getTime() + 59 * 60 * 1000);
    expect((await call("GET", `/api/auth/login?token=${token}`, { baseUrl })).status).toBe(200);
    now = new Date(now.getTime() + 60 * 1000 + 1);
    const late = await call("GET", `/api/auth/login?token=${token}`, { baseUrl });
    expect(late.status).toBe(401);
    expect(late.body.code).toBe("TOKEN_EXPIRED");
  });

  it("lets the per-address limit recover after 15 minutes", async () => {
    for (let i = 0; i < 5; i++) await call("POST", "/api/auth/email", { baseUrl, body: { email: "active@example.com" } });
    expect((await call("POST", "/api/auth/email", { baseUrl, body: { email: "active@example.com" } })).status).toBe(429);
    now = new Date(now.getTime() + 15 * 60 * 1000 + 1000);
    expect((await call("POST", "/api/auth/email", { baseUrl, body: { email: "active@example.com" } })).status).toBe(200);
  });

  it("answers { sent: true } when the mail server is down; the queue's task fails, is tried again, and its error stays in the log", async () => {
    const failingDeps = productionLikeDeps(suite.stripeUrl, { mailer: { send: async () => Promise.reject(new Error("SMTP down")) } });
    const failing = await serveInProcess(failingDeps);
    const res = await call("POST", "/api/auth/email", { baseUrl: failing.url, body: { email: "active@example.com" } });
    await failing.close();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: true });
    const failingQueue = loginMailQueueOf(failingDeps);
    expect((await failingQueue.dispatch()).map((r) => r.status)).toEqual(["rejected"]);
    expect(failingQueue.held).toHaveLength(1); // back on the queue for another attempt
    // the last attempt gives up quietly (logged), so the queue stops
    expect((await failingQueue.dispatch({ lastAttempt: true })).map((r) => r.status)).toEqual(["fulfilled"]);
  });

  it("answers 503 with the error body when the request cannot be queued, for any address alike", async () => {
    const unqueued = await serveInProcess(
      productionLikeDeps(suite.stripeUrl, { loginMailQueue: { enqueue: () => Promise.reject(new Error("Cloud Tasks unavailable")) } }),
    );
    const answers = [];
    for (const email of ["active@example.com", "nobody-here@example.com"]) {
      answers.push(await call("POST", "/api/auth/email", { baseUrl: unqueued.url, body: { email } }));
    }
    await unqueued.close();
    for (const res of answers) {
      expect(res.status).toBe(503);
      expect(res.body.code).toBe("UPSTREAM_UNAVAILABLE");
      expect(res.text).not.toContain("Cloud Tasks");
    }
  });
});

describe("login mail outside the emulator", () => {
  keepEachTestInOneClockHour();

  it("queues a stranger's address like a member's and answers alike; the task mails only the member", async () => {
    const stranger = await call("POST", "/api/auth/email", { baseUrl, body: { email: "nobody-here@example.com" } });
    const member = await call("POST", "/api/auth/email", { baseUrl, body: { email: "active@example.com" } });
    expect(stranger.body).toEqual({ sent: true });
    expect(member.body).toEqual(stranger.body);
    expect(queue.held.map((t) => t.email)).toEqual(["nobody-here@example.com", "active@example.com"]);
    expect((await queue.dispatch()).map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    expect(sent.map((m) => m.to)).toEqual(["active@example.com"]);
    const tokens = (await db().collection("email_tokens").get()).docs.map((d) => d.get("email"));
    expect(tokens).toEqual(["active@example.com"]);
  });

  it("mails a lapsed Stripe customer with no user document", async () => {
    await addSubscriber(stripeLocal.sdk(), "lapsed-queue@example.com", "canceled");
    await call("POST", "/api/auth/email", { baseUrl, body: { email: "lapsed-queue@example.com" } });
    await queue.dispatch();
    expect(sent.map((m) => m.to)).toEqual(["lapsed-queue@example.com"]);
  });

  it("beyond the hub-wide hourly ceiling: the same answer, no mail, no token, and an error for the operator that says what to do", async () => {
    await fillLoginMailCeiling(deps.loginMailsPerHour);
    const errors = vi.spyOn(logger, "error");
    try {
      const res = await call("POST", "/api/auth/email", { baseUrl, body: { email: "active@example.com" } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ sent: true });
      expect((await queue.dispatch()).map((r) => r.status)).toEqual(["fulfilled"]);
      expect(sent).toEqual([]);
      expect((await db().collection("email_tokens").get()).empty).toBe(true);
      const alert = errors.mock.calls.find(
        ([, fields]) => (fields as { alert?: string } | undefined)?.alert === "LOGIN_MAIL_CEILING_REACHED",
      );
      expect(alert?.[0]).toMatch(/ceiling reached/);
      expect(alert?.[1]).toMatchObject({
        ceilingPerHour: 1000,
        sentThisHour: 1000,
        whatToDo: expect.stringContaining("LOGIN_MAILS_PER_HOUR"),
      });
      expect(JSON.stringify(alert)).not.toContain("active@example.com");
    } finally {
      errors.mockRestore();
    }
  });

  it("counts each mail sent against the ceiling, and sends up to it", async () => {
    await fillLoginMailCeiling(deps.loginMailsPerHour - 2);
    for (const email of ["active@example.com", "trialing@example.com", "canceled@example.com"]) {
      await call("POST", "/api/auth/email", { baseUrl, body: { email } });
    }
    await queue.dispatch();
    expect(sent.map((m) => m.to)).toEqual(["active@example.com", "trialing@example.com"]);
  });

  it("a Stripe blip: a member with a user document is mailed without asking Stripe; a new subscriber's task fails and its retry mails", async () => {
    await ensureAdmin("boss@example.com", "correct-horse"); // a user document, no Stripe customer
    const real = deps.subscriptions;
    let stripeDown = true;
    const blip: SubscriptionLookup = {
      findByEmail: (...emails) =>
        stripeDown ? Promise.reject(Object.assign(new Error("Stripe said 503"), { statusCode: 503 })) : real.findByEmail(...emails),
      findByCustomer: (id) => real.findByCustomer(id),
      listPage: (cursor) => real.listPage(cursor),
      customerKnown: (id) => real.customerKnown(id),
    };
    const blipDeps = productionLikeDeps(suite.stripeUrl, { subscriptions: blip, mailer: { send: async (mail) => void sent.push(mail) } });
    const blipApp = await serveInProcess(blipDeps);
    for (const email of ["boss@example.com", "active@example.com"]) {
      expect((await call("POST", "/api/auth/email", { baseUrl: blipApp.url, body: { email } })).body).toEqual({ sent: true });
    }
    await blipApp.close();
    const blipQueue = loginMailQueueOf(blipDeps);
    expect((await blipQueue.dispatch()).map((r) => r.status)).toEqual(["fulfilled", "rejected"]);
    expect(sent.map((m) => m.to)).toEqual(["boss@example.com"]);
    stripeDown = false;
    expect((await blipQueue.dispatch()).map((r) => r.status)).toEqual(["fulfilled"]);
    expect(sent.map((m) => m.to)).toEqual(["boss@example.com", "active@example.com"]);
  });

  it("the sendLoginMail queue function, dispatched by Cloud Tasks, looks the address up and mails the link", async () => {
    await clearInbox();
    const tasksApp = await serveInProcess(productionLikeDeps(suite.stripeUrl, { loginMailQueue: cloudTasksLoginMailQueue }));
    const res = await call("POST", "/api/auth/email", { baseUrl: tasksApp.url, body: { email: "trialing@example.com" } });
    await tasksApp.close();
    expect(res.body).toEqual({ sent: true });
    // the queue function runs in the Functions emulator, with the suite's own configuration
    const link = new URL(loginUrlIn(await latestMailTo("trialing@example.com", undefined, 30_000)));
    expect(link.origin).toBe(suite.appUrl);
    const login = await call("GET", `/api/auth/login?token=${link.searchParams.get("token")!}`, { baseUrl });
    expect(login.status).toBe(200);
    expect(login.body.email).toBe("trialing@example.com");
    const tokens = (await db().collection("email_tokens").get()).docs.map((d) => d.get("email"));
    expect(tokens).toEqual(["trialing@example.com"]);
  });
});

describe("the first admin of a deployed project", () => {
  const register = (body: Record<string, unknown>) =>
    call("POST", "/api/register", { baseUrl, body: { username: "boss@example.com", password: "correct-horse", ...body } });

  it("needs the setup secret the operator set; once an admin exists registration is closed, whatever the token", async () => {
    for (const setupToken of [undefined, "", "guess", `${PRODUCTION_SETUP_TOKEN}x`]) {
      const refused = await register(setupToken === undefined ? {} : { setupToken });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe("SETUP_TOKEN_INVALID");
    }
    expect((await register({ setupToken: PRODUCTION_SETUP_TOKEN })).status).toBe(201);
    const closed = await register({ setupToken: "guess", username: "other@example.com" });
    expect(closed.status).toBe(403);
    expect(closed.body.code).toBe("REGISTRATION_CLOSED");
  });

  it("with no setup secret deployed, nobody can register (the API refuses to serve at all)", async () => {
    const unset = await serveInProcess(productionLikeDeps(suite.stripeUrl, { adminSetupToken: "" }));
    const res = await call("POST", "/api/register", {
      baseUrl: unset.url,
      body: { username: "boss@example.com", password: "correct-horse", setupToken: "" },
    });
    await unset.close();
    expect(res.status).toBe(500);
    await expect(getAuth().getUserByEmail("boss@example.com")).rejects.toThrow();
  });

  it("replaces, never adopts, an account someone signed up with the admin's e-mail", async () => {
    const attacker = await selfSignUp("boss@example.com", "attacker-password-1");
    expect((await register({ setupToken: PRODUCTION_SETUP_TOKEN })).status).toBe(201);
    await expect(idTokenFromPassword("boss@example.com", "attacker-password-1")).rejects.toThrow();
    const adminToken = await idTokenFromPassword("boss@example.com", "correct-horse");
    expect((await call("GET", "/api/users", { baseUrl, idToken: adminToken })).status).toBe(200);
    expect((await call("GET", "/api/user", { baseUrl, idToken: attacker.idToken })).status).toBe(401);
  });
});

describe("the deploy's secrets", () => {
  it.each<[string, { adminSetupToken?: string; keyedHashSecret?: string }]>([
    ["an ADMIN_SETUP_TOKEN shorter than 32 bytes", { adminSetupToken: "short-setup-token" }],
    ["a VISITOR_COOKIE_SECRET shorter than 32 bytes", { keyedHashSecret: "short-cookie-secret" }],
    ["the local suite's VISITOR_COOKIE_SECRET", { keyedHashSecret: LOCAL_VISITOR_COOKIE_SECRET }],
    ["the local suite's secret as ADMIN_SETUP_TOKEN", { adminSetupToken: LOCAL_VISITOR_COOKIE_SECRET }],
  ])("with %s, every request answers 500 INTERNAL and nothing is done", async (_what, secrets) => {
    const weak = await serveInProcess(
      productionLikeDeps(suite.stripeUrl, { mailer: { send: async (mail) => void sent.push(mail) }, ...secrets }),
    );
    const answers = [
      await call("GET", "/api/public/community", { baseUrl: weak.url }),
      await call("POST", "/api/auth/email", { baseUrl: weak.url, body: { email: "active@example.com" } }),
      await call("POST", "/api/register", {
        baseUrl: weak.url,
        body: { username: "boss@example.com", password: "correct-horse", setupToken: secrets.adminSetupToken ?? PRODUCTION_SETUP_TOKEN },
      }),
    ];
    await weak.close();
    for (const res of answers) {
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ code: "INTERNAL", message: expect.any(String) });
      expect(res.text).not.toContain(Object.values(secrets)[0]);
    }
    expect(sent).toEqual([]);
    await expect(getAuth().getUserByEmail("boss@example.com")).rejects.toThrow();
  });
});

describe("admin password change", () => {
  it("needs a sign-in at most five minutes old", async () => {
    await ensureAdmin("boss@example.com", "correct-horse");
    const token = await idTokenFromPassword("boss@example.com", "correct-horse");
    now = new Date(Date.now() + 5 * 60 * 1000 + 5000);
    const stale = await call("POST", "/api/admin/password", { baseUrl, idToken: token, body: { password: "new-password-1" } });
    expect(stale.status).toBe(401);
    expect(stale.body).toMatchObject({ code: "REAUTH_REQUIRED" });
    await expect(idTokenFromPassword("boss@example.com", "new-password-1")).rejects.toThrow();
    now = new Date(Date.now() + 4 * 60 * 1000);
    expect((await call("POST", "/api/admin/password", { baseUrl, idToken: token, body: { password: "new-password-1" } })).status).toBe(204);
  });
});
