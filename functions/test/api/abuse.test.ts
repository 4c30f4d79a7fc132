import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EMAIL_LOGIN_RATE_LIMITS, PASSWORD_LOGIN_RATE_LIMITS } from "@hub/contract/auth";
import type { OutgoingMail } from "../../src/platform/mailer";
import { ADMIN } from "../../../testing/actors";
import { resetEmulators } from "../../../testing/emulators";
import { call } from "../../../testing/http";
import { loginMailQueueOf, productionLikeDeps, serveInProcess } from "../../../testing/in-process-app";
import { suite } from "../../../testing/suite-env";
import { ensureAdmin } from "../../src/toolkit";

/**
 * Rate limits per client address (the per-address and per-username ones are in email-login and
 * admin-login tests), and answers that never tell whether an account exists. In-process, as in
 * production: the client's address is the one Hosting's proxy (Fastly) appends to X-Forwarded-For.
 */
const sent: OutgoingMail[] = [];
const deps = productionLikeDeps(suite.stripeUrl, { mailer: { send: async (mail) => void sent.push(mail) } });
/** Login-link requests let through are queued (the look-up and mail come after the answer). */
const queued = loginMailQueueOf(deps).held;
let app: Awaited<ReturnType<typeof serveInProcess>>;
beforeAll(async () => {
  app = await serveInProcess(deps);
});
afterAll(() => app.close());
beforeEach(async () => {
  await resetEmulators();
  sent.length = 0;
  queued.length = 0;
});

/**
 * A request through Firebase Hosting, as production's default settings read it (CLIENT_IP_TRUSTED_HOPS
 * 2): Fastly appends the client's address, then Google's front end appends the Fastly edge's.
 */
const FASTLY_EDGE = "151.101.65.195";
const from = (ip: string) => ({ "x-forwarded-for": `${ip}, ${FASTLY_EDGE}` });

describe("per-address limits", () => {
  it(`allows ${String(EMAIL_LOGIN_RATE_LIMITS.perIp.limit)} login-link requests an hour from one address, then 429 with Retry-After; other addresses go on`, async () => {
    const { limit } = EMAIL_LOGIN_RATE_LIMITS.perIp;
    for (let i = 0; i < limit; i++) {
      const res = await call("POST", "/api/auth/email", {
        baseUrl: app.url,
        headers: from("203.0.113.7"),
        body: { email: `visitor${String(i)}@example.com` },
      });
      expect(res.status).toBe(200);
    }
    const refused = await call("POST", "/api/auth/email", {
      baseUrl: app.url,
      headers: from("203.0.113.7"),
      body: { email: "one-more@example.com" },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("RATE_LIMITED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(queued).toHaveLength(limit);
    // a value the client puts further left in X-Forwarded-For does not buy a new allowance
    expect(
      (
        await call("POST", "/api/auth/email", {
          baseUrl: app.url,
          headers: from("198.51.100.1, 203.0.113.7"),
          body: { email: "sneaky@example.com" },
        })
      ).status,
    ).toBe(429);
    expect(
      (await call("POST", "/api/auth/email", { baseUrl: app.url, headers: from("198.51.100.9"), body: { email: "other@example.com" } }))
        .status,
    ).toBe(200);
  });

  it(`allows ${String(PASSWORD_LOGIN_RATE_LIMITS.perIp.limit)} password attempts an hour from one address, whatever the usernames`, async () => {
    await ensureAdmin(ADMIN.email, ADMIN.password);
    const { limit } = PASSWORD_LOGIN_RATE_LIMITS.perIp;
    for (let i = 0; i < limit; i++) {
      const res = await call("POST", "/api/login", {
        baseUrl: app.url,
        headers: from("203.0.113.8"),
        body: { username: `guess${String(i)}@example.com`, password: "wrong-password" },
      });
      expect(res.status).toBe(401);
    }
    const refused = await call("POST", "/api/login", {
      baseUrl: app.url,
      headers: from("203.0.113.8"),
      body: { username: ADMIN.email, password: ADMIN.password },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("callers without a trustworthy address", () => {
  it("are limited per e-mail address only, never together in one shared bucket", async () => {
    const { limit } = EMAIL_LOGIN_RATE_LIMITS.perIp;
    // no X-Forwarded-For at all: only the local emulators call so (in production Google's front end always writes one)
    for (let i = 0; i <= limit; i++) {
      const res = await call("POST", "/api/auth/email", {
        baseUrl: app.url,
        body: { email: `someone${String(i)}@example.com` },
      });
      expect(res.status).toBe(200);
    }
    const perAddress = EMAIL_LOGIN_RATE_LIMITS.perAddress.limit;
    for (let i = 0; i < perAddress; i++) {
      expect((await call("POST", "/api/auth/email", { baseUrl: app.url, body: { email: "same@example.com" } })).status).toBe(200);
    }
    expect((await call("POST", "/api/auth/email", { baseUrl: app.url, body: { email: "same@example.com" } })).status).toBe(429);
  });
});

describe("answers that reveal nothing", () => {
  it("POST /api/auth/email answers an unknown, a member's and an admin's address alike", async () => {
    await ensureAdmin(ADMIN.email, ADMIN.password);
    const answers = [];
    for (const email of ["nobody-here@example.com", "active@example.com", ADMIN.email]) {
      const res = await call("POST", "/api/auth/email", { baseUrl: app.url, headers: from("203.0.113.20"), body: { email } });
      answers.push({ status: res.status, body: res.body, type: res.headers.get("content-type") });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]).toEqual({ status: 200, body: { sent: true }, type: expect.stringMatching(/^application\/json/) });
  });

  it("POST /api/login answers a wrong password and an unknown user alike", async () => {
    await ensureAdmin(ADMIN.email, ADMIN.password);
    const wrongPassword = await call("POST", "/api/login", {
      baseUrl: app.url,
      headers: from("203.0.113.21"),
      body: { username: ADMIN.email, password: "not-the-password" },
    });
    const unknownUser = await call("POST", "/api/login", {
      baseUrl: app.url,
      headers: from("203.0.113.21"),
      body: { username: "nobody-here@example.com", password: "not-the-password" },
    });
    expect({ status: unknownUser.status, body: unknownUser.body }).toEqual({ status: wrongPassword.status, body: wrongPassword.body });
    expect(wrongPassword.status).toBe(401);
  });
});
