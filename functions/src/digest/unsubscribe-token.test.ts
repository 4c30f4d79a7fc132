import { describe, expect, it } from "vitest";
import { uidOfUnsubscribeToken, unsubscribeToken } from "./unsubscribe-token";
import { lastIsoWeek } from "./digest-week";

const SECRET = "a-secret-of-the-functions-32-bytes-long!";

describe("the unsubscribe token", () => {
  it("names its member, and only under the secret it was signed with", () => {
    const token = unsubscribeToken(SECRET, "uid_123-A");
    expect(token).toMatch(/^uid_123-A\.[\w-]{43}$/);
    expect(uidOfUnsubscribeToken(SECRET, token)).toBe("uid_123-A");
    expect(uidOfUnsubscribeToken(`${SECRET}x`, token)).toBeNull();
  });

  it("refuses another member's id with this signature, a changed signature and what is no token", () => {
    const [, signature] = unsubscribeToken(SECRET, "alice").split(".");
    for (const forged of [`bob.${signature!}`, `alice.${signature!.slice(1)}`, `alice.${signature!}x`, "alice", ".", "", "a/b.c"]) {
      expect(uidOfUnsubscribeToken(SECRET, forged), forged).toBeNull();
    }
    expect(uidOfUnsubscribeToken("", unsubscribeToken("", "alice"))).toBeNull();
  });
});

describe("the digest's week", () => {
  it("is the ISO week before the one the job starts in, Monday to Sunday", () => {
    expect(lastIsoWeek(new Date("2026-11-30T08:00:00Z"))).toMatchObject({ start: "2026-11-23", end: "2026-11-29", isoWeek: "2026-W48" });
    // started late on a Sunday: still the week before
    expect(lastIsoWeek(new Date("2026-11-29T23:59:00Z"))).toMatchObject({ start: "2026-11-16", isoWeek: "2026-W47" });
    // across a year: 2027-01-04 is a Monday; the week before is ISO week 53 of 2026
    expect(lastIsoWeek(new Date("2027-01-04T08:00:00Z"))).toMatchObject({ start: "2026-12-28", end: "2027-01-03", isoWeek: "2026-W53" });
  });
});
