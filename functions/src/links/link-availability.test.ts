import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "@hub/contract/dates";
import type { ReferrerCap } from "@hub/contract/programs";
import { capState, isSnoozed, keptPaidDays, linkAvailability, PAID_DAYS_KEPT, type AvailabilityFacts } from "./link-availability";

const yearly = (count: number) => ({ count, period: "calendar-year" as const });
const rolling = (count: number) => ({ count, period: "rolling-12-months" as const });

describe("capState", () => {
  it("is null without a rule", () => {
    expect(capState(["2026-03-01"], null, "2026-06-01")).toBeNull();
  });

  it("counts the calendar year (UTC) of today only, and resumes on the next 1 January", () => {
    const paidOn = ["2025-12-31", "2026-01-01", "2026-05-02"];
    expect(capState(paidOn, yearly(3), "2026-06-01")).toEqual({ reached: false, paid: 2, count: 3 });
    expect(capState(paidOn, yearly(2), "2026-06-01")).toEqual({ reached: true, resumesOn: "2027-01-01" });
    expect(capState(paidOn, yearly(2), "2027-01-01")).toEqual({ reached: false, paid: 0, count: 2 });
  });

  it("counts the 365 days ending today in a rolling window, and resumes when enough of them leave it", () => {
    const paidOn = ["2025-06-02", "2025-09-10", "2026-02-01"];
    // 2025-06-02 is still in the window ending 2026-06-01 (365 days, today included)
    expect(capState(paidOn, rolling(3), "2026-06-01")).toEqual({ reached: true, resumesOn: "2026-06-02" });
    expect(capState(paidOn, rolling(3), "2026-06-02")).toEqual({ reached: false, paid: 2, count: 3 });
    // two must leave before fewer than 2 remain: the second leaves on 2026-09-10
    expect(capState(paidOn, rolling(2), "2026-06-01")).toEqual({ reached: true, resumesOn: "2026-09-10" });
  });

  it("counts a paid outcome dated tomorrow (east of UTC) from its own day, and its resume date with it", () => {
    const today = "2026-06-01";
    expect(capState(["2026-06-02"], rolling(1), today)).toEqual({ reached: false, paid: 0, count: 1 });
    // capped today by an older one; the one dated tomorrow keeps it capped until it leaves the window too
    expect(capState(["2026-03-01", "2026-06-02"], rolling(1), today)).toEqual({ reached: true, resumesOn: "2027-06-02" });
    // a calendar year reached on 31 December stays reached on 1 January when that day already has its own
    expect(capState(["2026-12-30", "2027-01-01"], yearly(1), "2026-12-31")).toEqual({ reached: true, resumesOn: "2028-01-01" });
  });
});

/** The rule as first written, every day against every candidate: the oracle the linear capState must match. */
function capStateByDefinition(paidOn: readonly string[], rule: ReferrerCap, today: string) {
  const start = (day: string) => (rule.period === "calendar-year" ? `${day.slice(0, 4)}-01-01` : addDays(day, -364));
  const inPeriod = (day: string) => paidOn.filter((d) => d >= start(day) && d <= day).length;
  const paid = inPeriod(today);
  if (paid < rule.count) return { reached: false, paid, count: rule.count };
  const candidates = [...new Set(paidOn.map((d) => addDays(d, 365)))].filter((d) => d > today).sort();
  const years = Array.from({ length: 12 }, (_, i) => `${String(Number(today.slice(0, 4)) + 1 + i)}-01-01`);
  return { reached: true, resumesOn: (rule.period === "calendar-year" ? years : candidates).find((d) => inPeriod(d) < rule.count) };
}

describe("paid days kept per member and program", () => {
  const BASE = "2026-01-01";
  const day = (offset: number) => addDays(BASE, offset);
  const rule = fc.record({
    count: fc.integer({ min: 1, max: 6 }),
    period: fc.constantFrom("calendar-year" as const, "rolling-12-months" as const),
  });
  // offsets around a year and a half, with repeats; "today" anywhere in them, a paid day at most one day after it
  const days = fc.array(fc.integer({ min: 0, max: 560 }), { maxLength: 40 });

  it("capState answers as the rule's definition does, for any days and any cap", () => {
    fc.assert(
      fc.property(days, rule, fc.integer({ min: 0, max: 600 }), (offsets, cap, todayAt) => {
        const paidOn = offsets.filter((o) => o <= todayAt + 1).map(day);
        expect(capState(paidOn, cap, day(todayAt))).toEqual(capStateByDefinition(paidOn, cap, day(todayAt)));
      }),
      { numRuns: 500 },
    );
  });

  it("keeps at most the cap's largest count up to the day written, and reads the same on any later day", () => {
    // PAID_DAYS_KEPT is the cap's largest count: shown here with a small stand-in count against a long history
    expect(PAID_DAYS_KEPT).toBe(1000);
    const history = Array.from({ length: 3_000 }, (_, i) => day(Math.floor(i / 4)));
    const writtenOn = day(749);
    const kept = keptPaidDays([...history, day(750)], writtenOn);
    expect(kept).toHaveLength(PAID_DAYS_KEPT + 1);
    expect(kept.at(-1)).toBe(day(750));
    for (const cap of [
      { count: 1000, period: "rolling-12-months" as const },
      { count: 1000, period: "calendar-year" as const },
      { count: 7, period: "rolling-12-months" as const },
    ])
      for (const later of [0, 1, 2, 200, 400])
        expect(capState(kept, cap, day(749 + later))).toEqual(capState([...history, day(750)], cap, day(749 + later)));
  });

  it("keeps what capState needs for any days written on any day, read on any later day", () => {
    fc.assert(
      fc.property(days, rule, fc.integer({ min: 0, max: 560 }), fc.integer({ min: 0, max: 400 }), (offsets, cap, writtenAt, after) => {
        const paidOn = offsets.filter((o) => o <= writtenAt + 1).map(day);
        const today = day(writtenAt + after);
        // the cap's own count stands in for PAID_DAYS_KEPT, small enough for these histories to exceed it
        expect(capState(keptPaidDays(paidOn, day(writtenAt), cap.count), cap, today)).toEqual(capState(paidOn, cap, today));
      }),
      { numRuns: 500 },
    );
  });
});

describe("isSnoozed", () => {
  it("is snoozed before the day, not on it", () => {
    expect(isSnoozed("2026-06-02", "2026-06-01")).toBe(true);
    expect(isSnoozed("2026-06-02", "2026-06-02")).toBe(false);
    expect(isSnoozed(null, "2026-06-01")).toBe(false);
  });
});

describe("linkAvailability", () => {
  const TODAY = "2026-11-27";
  const inRotation: AvailabilityFacts & { program: NonNullable<AvailabilityFacts["program"]> } = {
    link: { approved: true, paused: false, isDead: false, failing: false, snoozedUntil: null, paidOn: [] },
    program: { approved: true, referrerCap: null, offerEndsOn: null },
    ownerHeldBack: false,
  };
  const facts = (
    link: Partial<typeof inRotation.link>,
    program: Partial<typeof inRotation.program> | null = {},
    ownerHeldBack = false,
  ) => ({
    link: { ...inRotation.link, ...link },
    program: program === null ? null : { ...inRotation.program, ...program },
    ownerHeldBack,
  });
  const capped = { paidOn: ["2026-03-01"] };
  const capOfOne = { referrerCap: { count: 1, period: "calendar-year" as const } };

  it("is in the rotation with nothing holding it out", () => {
    expect(linkAvailability(inRotation, TODAY)).toEqual({ outReason: null, cap: null, snoozedUntil: null, onBreak: false });
  });

  it("gives the snooze's day while it is ahead, and none from that day on", () => {
    expect(linkAvailability(facts({ snoozedUntil: "2026-12-01" }), TODAY).snoozedUntil).toBe("2026-12-01");
    expect(linkAvailability(facts({ snoozedUntil: TODAY }), TODAY)).toMatchObject({ outReason: null, snoozedUntil: null });
  });

  it("names the first reason that holds, in the order members are told", () => {
    const everything = facts(
      { isDead: true, approved: false, paused: true, failing: true, snoozedUntil: "2026-12-01", ...capped },
      { approved: false, offerEndsOn: "2026-11-01", ...capOfOne },
      true,
    );
    expect(linkAvailability(everything, TODAY).outReason).toBe("dead");
    const order = [
      ["pending", facts({ approved: false, paused: true }, { approved: false })],
      ["paused", facts({ paused: true, failing: true })],
      ["failing", facts({ failing: true }, { approved: false })],
      ["program-not-approved", facts({}, { approved: false, offerEndsOn: "2026-11-01" })],
      ["offer-ended", facts(capped, { offerEndsOn: "2026-11-26", ...capOfOne }, true)],
      ["owner-held-back", facts({ ...capped, snoozedUntil: "2026-12-01" }, capOfOne, true)],
      ["capped", facts({ ...capped, snoozedUntil: "2026-12-01" }, capOfOne)],
      ["snoozed", facts({ snoozedUntil: "2026-12-01" })],
    ] as const;
    for (const [reason, f] of order) expect(linkAvailability(f, TODAY).outReason).toBe(reason);
  });

  it("treats a link of a program that is gone as out, its program not approved", () => {
    expect(linkAvailability(facts({}, null), TODAY).outReason).toBe("program-not-approved");
  });

  it("is on a break (balanced mode's no catch-up) for a cap, a snooze or failing health, whatever else holds", () => {
    expect(linkAvailability(facts({ failing: true, paused: true }), TODAY)).toMatchObject({ outReason: "paused", onBreak: true });
    expect(linkAvailability(facts(capped, capOfOne, true), TODAY)).toMatchObject({ outReason: "owner-held-back", onBreak: true });
    expect(linkAvailability(facts({ paused: true }), TODAY).onBreak).toBe(false);
    expect(linkAvailability(facts({}, {}, true), TODAY).onBreak).toBe(false);
  });
});
