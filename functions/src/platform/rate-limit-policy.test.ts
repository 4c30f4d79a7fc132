import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decideSlidingWindow, loginRateLimits, rateLimitKey } from "./rate-limit-policy";

const rule = { limit: 3, windowMs: 60_000 };

describe("decideSlidingWindow", () => {
  it("allows up to the limit inside the window and records each hit", () => {
    let hits: number[] = [];
    for (const t of [0, 10, 20]) {
      const d = decideSlidingWindow(hits, t, rule);
      expect(d.allowed).toBe(true);
      if (d.allowed) hits = d.hits;
    }
    expect(hits).toEqual([0, 10, 20]);
    expect(decideSlidingWindow(hits, 30, rule)).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it("tells how long until the oldest hit leaves the window", () => {
    expect(decideSlidingWindow([0, 30_000, 40_000], 45_000, rule)).toEqual({ allowed: false, retryAfterSeconds: 15 });
  });

  it("forgets hits older than the window, so the stored list stays bounded", () => {
    const d = decideSlidingWindow([0, 1, 2], 60_001, rule);
    expect(d).toEqual({ allowed: true, hits: [1, 2, 60_001].filter((t) => t > 1) });
  });

  it("never asks to wait less than a second", () => {
    expect(decideSlidingWindow([0, 1, 2], 59_999, rule)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });
});

describe("loginRateLimits", () => {
  const perAccount = { key: "email_abc", limit: 5, windowMs: 900_000 };
  const perClientAddress = { keyOf: (ip: string) => `ip_${ip}`, limit: 100, windowMs: 3_600_000 };

  it("counts an attempt against the account and the client's address", () => {
    expect(loginRateLimits(perAccount, perClientAddress, "203.0.113.7")).toEqual([
      perAccount,
      { key: "ip_203.0.113.7", limit: 100, windowMs: 3_600_000 },
    ]);
  });

  it("without a trustworthy address, against the account only: no shared bucket for unknown callers", () => {
    expect(loginRateLimits(perAccount, perClientAddress, null)).toEqual([perAccount]);
  });
});

describe("rateLimitKey", () => {
  const secret = "s".repeat(32);
  const plainHashes = (value: string) =>
    ["hex", "base64url"].map((form) =>
      createHash("sha256")
        .update(value)
        .digest(form as "hex"),
    );

  it("is the rule's name and a keyed hash: neither the value nor its plain SHA-256", () => {
    const key = rateLimitKey(secret, "login_ip", "203.0.113.7");
    expect(key).toMatch(/^login_ip_[A-Za-z0-9_-]{43}$/);
    expect(key).toBe(rateLimitKey(secret, "login_ip", "203.0.113.7"));
    expect(key).not.toContain("203.0.113.7");
    for (const plain of plainHashes("203.0.113.7")) expect(key).not.toContain(plain);
  });

  it("differs by rule and by secret, so a key made for one rule matches nothing of another", () => {
    const hashOf = (key: string) => key.slice(key.length - 43);
    expect(hashOf(rateLimitKey(secret, "email", "a@example.com"))).not.toBe(hashOf(rateLimitKey(secret, "login", "a@example.com")));
    expect(rateLimitKey("t".repeat(32), "ip", "203.0.113.7")).not.toBe(rateLimitKey(secret, "ip", "203.0.113.7"));
  });

  it("refuses to make a key without the secret", () => {
    expect(() => rateLimitKey("", "ip", "203.0.113.7")).toThrow(/secret/);
  });
});
