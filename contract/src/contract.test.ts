import { describe, expect, it } from "vitest";
import { emailLoginRequestSchema, loginRequestSchema, registerRequestSchema } from "./auth";
import { httpUrlField } from "./common";

describe("e-mail fields", () => {
  it("trim and lower-case the address before it is stored or compared", () => {
    expect(loginRequestSchema.parse({ username: "  Alice@Example.COM ", password: "x" }).username).toBe("alice@example.com");
  });

  it("keep the case of a login-link address (Stripe compares it case-sensitively) but trim it", () => {
    expect(emailLoginRequestSchema.parse({ email: "  Alice@Example.COM " })).toEqual({ email: "Alice@Example.COM" });
  });

  it.each([undefined, "", "alice", "alice@", 7])("refuse %s with the form's message", (email) => {
    const result = emailLoginRequestSchema.safeParse({ email });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Please enter a valid email address");
  });

  it("refuse unknown fields", () => {
    expect(emailLoginRequestSchema.safeParse({ email: "a@example.com", isAdmin: true }).success).toBe(false);
    expect(loginRequestSchema.safeParse({ username: "a@example.com", password: "x", role: "admin" }).success).toBe(false);
  });
});

describe("passwords", () => {
  it("need at least 8 characters to register", () => {
    expect(registerRequestSchema.safeParse({ username: "a@example.com", password: "1234567" }).error?.issues[0]?.message).toBe(
      "Password must be at least 8 characters",
    );
    expect(registerRequestSchema.safeParse({ username: "a@example.com", password: "12345678" }).success).toBe(true);
  });
});

describe("URLs", () => {
  const url = httpUrlField();
  it.each(["https://example.com/ref?code=1", "http://bank.example/x"])("accept %s", (value) => {
    expect(url.safeParse(value).success).toBe(true);
  });
  it.each([
    "javascript:alert(1)",
    "data:text/html,hi",
    "mailto:a@example.com",
    "/relative",
    "ftp://example.com",
    `https://example.com/${"a".repeat(2050)}`,
  ])("refuse %s with 'Invalid URL'", (value) => {
    expect(url.safeParse(value).error?.issues[0]?.message).toBe("Invalid URL");
  });
});
