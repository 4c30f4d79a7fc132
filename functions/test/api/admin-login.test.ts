import { beforeEach, describe, expect, it } from "vitest";
import { ensureAdmin } from "../../src/toolkit";
import { call } from "../../../testing/http";
import { idTokenFromCustomToken, idTokenFromPassword, resetEmulators } from "../../../testing/emulators";
import { signInMember } from "../../../testing/members";

beforeEach(resetEmulators);

describe("POST /api/register", () => {
  it("creates the first admin, then closes", async () => {
    const first = await call("POST", "/api/register", { body: { username: "Boss@Example.com", password: "correct-horse" } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ username: "boss@example.com", isAdmin: true, approved: true });
    const idToken = await idTokenFromCustomToken(first.body.customToken);
    expect((await call("GET", "/api/user", { idToken })).body.isAdmin).toBe(true);

    const second = await call("POST", "/api/register", { body: { username: "other@example.com", password: "correct-horse" } });
    expect(second.status).toBe(403);
    expect(second.body.code).toBe("REGISTRATION_CLOSED");
    // the refused registration left no account behind
    const login = await call("POST", "/api/login", { body: { username: "other@example.com", password: "correct-horse" } });
    expect(login.status).toBe(401);
  });

  it("lets only one of two simultaneous registrations through", async () => {
    const answers = await Promise.all(
      ["one@example.com", "two@example.com"].map((username) =>
        call("POST", "/api/register", { body: { username, password: "correct-horse" } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 403]);
  });

  it("asks for a password of at least 8 characters", async () => {
    const res = await call("POST", "/api/register", { body: { username: "boss@example.com", password: "short" } });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: "password", message: "Password must be at least 8 characters" }]);
  });
});

describe("POST /api/login", () => {
  beforeEach(async () => {
    await ensureAdmin("admin@example.com", "admin-password-1");
  });

  it("answers the admin user and a custom token for the right password", async () => {
    const res = await call("POST", "/api/login", { body: { username: "admin@example.com", password: "admin-password-1" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: "admin@example.com", isAdmin: true, blocked: false });
    const idToken = await idTokenFromCustomToken(res.body.customToken);
    expect((await call("GET", "/api/user", { idToken })).body.username).toBe("admin@example.com");
  });

  it("gives one answer for a wrong password and for an unknown user", async () => {
    const wrong = await call("POST", "/api/login", { body: { username: "admin@example.com", password: "nope-nope-nope" } });
    const unknown = await call("POST", "/api/login", { body: { username: "ghost@example.com", password: "nope-nope-nope" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ code: "INVALID_CREDENTIALS", message: "Invalid username or password" });
    expect(unknown.body).toEqual(wrong.body);
  });

  it("limits password attempts per username: the 11th in 15 minutes is refused with Retry-After", async () => {
    for (let i = 0; i < 10; i++) await call("POST", "/api/login", { body: { username: "admin@example.com", password: `wrong-${i}` } });
    const limited = await call("POST", "/api/login", { body: { username: "admin@example.com", password: "admin-password-1" } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("carries the admin claim in the browser's own password sign-in", async () => {
    const idToken = await idTokenFromPassword("admin@example.com", "admin-password-1");
    const me = await call("GET", "/api/user", { idToken });
    expect(me.status).toBe(200);
    expect(me.body.isAdmin).toBe(true);
  });

  it("lets an admin in through an e-mail link without a subscription", async () => {
    const idToken = await signInMember("admin@example.com");
    expect((await call("GET", "/api/user", { idToken })).body.isAdmin).toBe(true);
  });

  it("POST /api/logout answers 204", async () => {
    const idToken = await idTokenFromPassword("admin@example.com", "admin-password-1");
    expect((await call("POST", "/api/logout", { idToken })).status).toBe(204);
    expect((await call("POST", "/api/logout")).status).toBe(401);
  });
});
