import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../../../testing/http";
import { resetEmulators } from "../../../testing/emulators";

beforeAll(resetEmulators);

const big = "a".repeat(101 * 1024);

/** Bad input on every endpoint of this issue: the contract's error body, never a 500. */
const cases: {
  name: string;
  method: string;
  path: string;
  rawBody?: string;
  body?: unknown;
  contentType?: string;
  idToken?: string;
  status: number;
  code: string;
  message?: string;
}[] = [
  {
    name: "invalid e-mail",
    method: "POST",
    path: "/api/auth/email",
    body: { email: "not-an-email" },
    status: 400,
    code: "VALIDATION",
    message: "Please enter a valid email address",
  },
  {
    name: "missing e-mail",
    method: "POST",
    path: "/api/auth/email",
    body: {},
    status: 400,
    code: "VALIDATION",
    message: "Please enter a valid email address",
  },
  { name: "no body", method: "POST", path: "/api/auth/email", status: 400, code: "VALIDATION" },
  { name: "e-mail of the wrong type", method: "POST", path: "/api/auth/email", body: { email: 42 }, status: 400, code: "VALIDATION" },
  { name: "array body", method: "POST", path: "/api/auth/email", body: ["a@example.com"], status: 400, code: "VALIDATION" },
  {
    name: "unknown field",
    method: "POST",
    path: "/api/auth/email",
    body: { email: "a@example.com", admin: true },
    status: 400,
    code: "VALIDATION",
  },
  {
    name: "too long e-mail",
    method: "POST",
    path: "/api/auth/email",
    body: { email: `${"a".repeat(250)}@example.com` },
    status: 400,
    code: "VALIDATION",
  },
  {
    name: "form-encoded body",
    method: "POST",
    path: "/api/auth/email",
    rawBody: "email=a%40example.com",
    contentType: "application/x-www-form-urlencoded",
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
  },
  {
    name: "body over 100 KB",
    method: "POST",
    path: "/api/auth/email",
    body: { email: "a@example.com", pad: big },
    status: 413,
    code: "PAYLOAD_TOO_LARGE",
  },
  { name: "token too long", method: "GET", path: `/api/auth/login?token=${"x".repeat(500)}`, status: 400, code: "VALIDATION" },
  { name: "token twice", method: "GET", path: "/api/auth/login?token=a&token=b", status: 400, code: "VALIDATION" },
  {
    name: "login without password",
    method: "POST",
    path: "/api/login",
    body: { username: "a@example.com" },
    status: 400,
    code: "VALIDATION",
    message: "Password is required",
  },
  {
    name: "login with extra field",
    method: "POST",
    path: "/api/login",
    body: { username: "a@example.com", password: "x", isAdmin: true },
    status: 400,
    code: "VALIDATION",
  },
  {
    name: "register with bad e-mail",
    method: "POST",
    path: "/api/register",
    body: { username: "nope", password: "long-enough" },
    status: 400,
    code: "VALIDATION",
  },
  { name: "user without token", method: "GET", path: "/api/user", status: 401, code: "UNAUTHENTICATED" },
  {
    name: "user with a forged token",
    method: "GET",
    path: "/api/user",
    idToken: "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.",
    status: 401,
    code: "UNAUTHENTICATED",
  },
  { name: "profile without token", method: "GET", path: "/api/user/profile", status: 401, code: "UNAUTHENTICATED" },
  { name: "member logout without token", method: "POST", path: "/api/auth/logout", status: 401, code: "UNAUTHENTICATED" },
  { name: "unknown route", method: "GET", path: "/api/does-not-exist", status: 404, code: "NOT_FOUND" },
];

describe("error bodies", () => {
  it.each(cases)("$name → $status $code", async ({ method, path, body, rawBody, contentType, idToken, status, code, message }) => {
    const res = await call(method, path, { body, rawBody, contentType, idToken });
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.body.code).toBe(code);
    expect(typeof res.body.message).toBe("string");
    if (message) expect(res.body.message).toBe(message);
    if (code === "VALIDATION") expect(res.body.issues.length).toBeGreaterThan(0);
  });

  it("malformed JSON is refused with 400", async () => {
    const res = await call("POST", "/api/auth/email", { rawBody: '{"email": ', contentType: "application/json" });
    expect(res.status).toBe(400);
  });

  it("sends security headers and no caching on API answers", async () => {
    const res = await call("GET", "/api/auth/session");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
