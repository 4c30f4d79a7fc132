import { describe, expect, it } from "vitest";
import { RecentMarks, repeatKeys, visitHour } from "./repeat-visits";

const SECRET = "unit-test-secret-0123456789abcdef";
const VISITOR = "AAAAAAAAAAAAAAAAAAAAAA";
const keysAt = (iso: string, facts: { visitorId?: string | null; address?: string | null; programId?: string } = {}) =>
  repeatKeys({
    programId: facts.programId ?? "p1",
    at: new Date(iso),
    visitorId: facts.visitorId === undefined ? VISITOR : facts.visitorId,
    address: facts.address === undefined ? "203.0.113.7" : facts.address,
    secret: SECRET,
  });

describe("a visit's hour", () => {
  it("is the UTC clock hour: 10:59:59.999 and 11:00:00 are different hours", () => {
    expect(visitHour(new Date("2026-11-25T10:59:59.999Z"))).toBe("2026112510");
    expect(visitHour(new Date("2026-11-25T11:00:00.000Z"))).toBe("2026112511");
    expect(visitHour(new Date("2026-11-25T23:59:59.999Z"))).toBe("2026112523");
    expect(visitHour(new Date("2026-11-26T00:00:00.000Z"))).toBe("2026112600");
  });
});

describe("repeat keys", () => {
  it("are the same within one clock hour and differ across its boundary", () => {
    expect(keysAt("2026-11-25T10:00:00Z")).toEqual(keysAt("2026-11-25T10:59:59.999Z"));
    const before = keysAt("2026-11-25T10:59:59.999Z");
    const after = keysAt("2026-11-25T11:00:00Z");
    expect(after.visitor).not.toBe(before.visitor);
    expect(after.address).not.toBe(before.address);
  });

  it("never carry the address; the address key is per program and changes with the UTC day", () => {
    const keys = keysAt("2026-11-25T10:00:00Z");
    expect(keys.address).not.toContain("203.0.113");
    expect(keysAt("2026-11-25T10:00:00Z", { programId: "p2" }).address).not.toBe(keys.address);
    const lateMonday = keysAt("2026-11-23T23:30:00Z").address!.split("_")[1];
    const earlyTuesday = keysAt("2026-11-24T00:30:00Z").address!.split("_")[1];
    expect(lateMonday).not.toBe(earlyTuesday);
  });

  it("count an IPv6 address by its /64", () => {
    const one = keysAt("2026-11-25T10:00:00Z", { address: "2001:db8:1:2::1" });
    expect(keysAt("2026-11-25T10:00:00Z", { address: "2001:db8:1:2:ffff::9" }).address).toBe(one.address);
    expect(keysAt("2026-11-25T10:00:00Z", { address: "2001:db8:1:3::1" }).address).not.toBe(one.address);
  });

  it("leave out a rule that does not apply: no visitor id, no address", () => {
    const keys = keysAt("2026-11-25T10:00:00Z", { visitorId: null, address: null });
    expect(keys.visitor).toBeNull();
    expect(keys.address).toBeNull();
  });
});

describe("an instance's recent marks", () => {
  it("know a repeat within the hour, by visitor first, and forget it at the next hour", () => {
    const marks = new RecentMarks();
    const ten = keysAt("2026-11-25T10:15:00Z");
    expect(marks.known(ten)).toBeNull();
    marks.remember(ten.hour, ten.visitor, ten.address);
    expect(marks.known(keysAt("2026-11-25T10:59:59Z"))).toBe("repeatVisitor");
    expect(marks.known(keysAt("2026-11-25T10:59:59Z", { visitorId: "BBBBBBBBBBBBBBBBBBBBBB" }))).toBe("repeatAddress");
    expect(marks.known(keysAt("2026-11-25T10:59:59Z", { visitorId: null, address: "198.51.100.1" }))).toBeNull();
    expect(marks.known(keysAt("2026-11-25T11:00:00Z"))).toBeNull();
  });

  it("keep only the two latest hours, and a bounded number of marks", () => {
    const marks = new RecentMarks(2);
    for (const hour of ["2026112510", "2026112511", "2026112512"]) marks.remember(hour, `m${hour}`);
    expect(marks.known({ hour: "2026112510", visitor: "m2026112510", address: null })).toBeNull();
    expect(marks.known({ hour: "2026112511", visitor: "m2026112511", address: null })).toBe("repeatVisitor");
    marks.remember("2026112512", "a", "b");
    expect(marks.known({ hour: "2026112512", visitor: "m2026112512", address: null })).toBeNull();
    expect(marks.known({ hour: "2026112512", visitor: "b", address: null })).toBe("repeatVisitor");
  });

  it("let a visit wait for a write of its marks already in flight", async () => {
    const marks = new RecentMarks();
    const keys = keysAt("2026-11-25T10:15:00Z");
    let finish!: () => void;
    const write = new Promise<void>((done) => (finish = done));
    marks.writing(keys, write);
    let waited = false;
    const waiting = marks.pending(keysAt("2026-11-25T10:20:00Z", { visitorId: null }))!.then(() => (waited = true));
    await Promise.resolve();
    expect(waited).toBe(false);
    marks.remember(keys.hour, keys.visitor, keys.address);
    finish();
    await waiting;
    expect(waited).toBe(true);
    await Promise.resolve();
    expect(marks.pending(keys)).toBeNull(); // nothing in flight any more
    expect(marks.pending(keysAt("2026-11-25T10:20:00Z", { address: "198.51.100.1", visitorId: null }))).toBeNull();
  });
});
