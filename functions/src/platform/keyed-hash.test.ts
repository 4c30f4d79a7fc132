import { describe, expect, it } from "vitest";
import { dailyPurpose, keyedHash } from "./keyed-hash";

describe("keyedHash", () => {
  it("is the same for the same secret, purpose and value, and fit for a document id", () => {
    const hash = keyedHash("s".repeat(32), "address", "203.0.113.7");
    expect(hash).toBe(keyedHash("s".repeat(32), "address", "203.0.113.7"));
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
  it("differs by secret, by purpose and by day", () => {
    const base = keyedHash("a".repeat(32), "address", "203.0.113.7");
    expect(keyedHash("b".repeat(32), "address", "203.0.113.7")).not.toBe(base);
    expect(keyedHash("a".repeat(32), "rate-limit", "203.0.113.7")).not.toBe(base);
    const monday = dailyPurpose("address", new Date("2026-11-23T23:59:59Z"));
    const tuesday = dailyPurpose("address", new Date("2026-11-24T00:00:00Z"));
    expect(keyedHash("a".repeat(32), monday, "203.0.113.7")).not.toBe(keyedHash("a".repeat(32), tuesday, "203.0.113.7"));
  });
});
