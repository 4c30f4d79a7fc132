import { describe, expect, it } from "vitest";
import { parseOutcomeMonth } from "../catalog/outcome-months";
import type { AnalyticsSnapshot, ClickTally } from "./analytics.store";
import { analyticsLink as link, clickTally as tally } from "./analytics-test-fixtures";
import { windowOf } from "./analytics-window";
import { conversionOf, outcomeAnalytics, outcomeDaysOf } from "./outcome-analytics";

const NOW = new Date("2026-11-23T12:00:00Z");

const snapshot = (
  tallies: ClickTally[],
  links = [link("a", "p1", "ann@example.com"), link("b", "p1", "bob@example.com")],
): AnalyticsSnapshot => ({
  programs: [
    { id: "p1", name: "Bank One", approved: true, distributionMode: "even", referrerCap: null, offerEndsOn: null },
    { id: "p2", name: "Another Bank", approved: true, distributionMode: "even", referrerCap: null, offerEndsOn: null },
  ],
  links,
  tallies,
});

const outcomes = (programId: string, month: string, days: Record<string, Record<string, object>>) =>
  parseOutcomeMonth(programId, month, days);

describe("outcome analytics", () => {
  it("conversion is paid / visits with four decimals, null with no visit", () => {
    expect(conversionOf(1, 3)).toBe(0.3333);
    expect(conversionOf(2, 3)).toBe(0.6667);
    expect(conversionOf(1, 8)).toBe(0.125);
    expect(conversionOf(0, 5)).toBe(0);
    expect(conversionOf(3, 0)).toBeNull();
    expect(conversionOf(0, 0)).toBeNull();
  });

  it("counts a window's outcomes by the day they occurred, through tomorrow", () => {
    expect(outcomeDaysOf(windowOf("7d", NOW))).toEqual({ from: "2026-11-17", to: "2026-11-24" });
    expect(outcomeDaysOf(windowOf("all", NOW))).toEqual({ from: null, to: "2026-11-24" });
    // 24h: the days its hours touch (yesterday 13:00 to today 12:00)
    expect(outcomeDaysOf(windowOf("24h", NOW))).toEqual({ from: "2026-11-22", to: "2026-11-24" });
  });

  it("per program and per link: visits in the window, outcomes dated in it, conversion", () => {
    const tallies = [
      tally("counter", "2026-11-23", { a: 6, b: 2 }),
      tally("day", "2026-11-20", { a: 3 }),
      tally("day", "2026-11-01", { a: 100 }),
    ];
    const months = [
      outcomes("p1", "2026-11", {
        "01": { a: { paid: 5 } }, // before 7d
        "18": { a: { signedUp: 2, paid: 1 }, b: { signedUp: 1 } },
        "24": { b: { paid: 1 } }, // tomorrow, dated by a member east of UTC
        "25": { b: { paid: 7 } }, // not yet
      }),
    ];
    const [other, bank] = outcomeAnalytics(snapshot(tallies), windowOf("7d", NOW), months);
    expect(other).toEqual({
      programId: "p2",
      programName: "Another Bank",
      visits: 0,
      signedUp: 0,
      paid: 0,
      clawedBack: 0,
      conversion: null,
      links: [],
    });
    expect(bank).toEqual({
      programId: "p1",
      programName: "Bank One",
      visits: 11,
      signedUp: 3,
      paid: 2,
      clawedBack: 0,
      conversion: 0.1818,
      links: [
        { linkId: "a", email: "ann@example.com", visits: 9, paid: 1, conversion: 0.1111 },
        { linkId: "b", email: "bob@example.com", visits: 2, paid: 1, conversion: 0.5 },
      ],
    });
    const all = outcomeAnalytics(snapshot(tallies), windowOf("all", NOW), months)[1]!;
    expect([all.visits, all.paid, all.conversion]).toEqual([111, 7, 0.0631]);
  });

  it("a deleted link stays in its program's totals, listed last with no e-mail; a merged program's visits go with its links", () => {
    const tallies = [
      tally("counter", "2026-11-23", { a: 4, gone: 4 }),
      tally("counter", "2026-11-23", { a: 2 }, { programId: "merged-away" }),
    ];
    const months = [
      outcomes("p1", "2026-11", { "23": { gone: { paid: 1, clawedBack: 1 }, a: { signedUp: 1 } } }),
      outcomes("deleted", "2026-11", { "23": { x: { paid: 3 } } }),
    ];
    const bank = outcomeAnalytics(snapshot(tallies), windowOf("30d", NOW), months).find((p) => p.programId === "p1")!;
    expect(bank).toMatchObject({ visits: 10, signedUp: 1, paid: 1, clawedBack: 1, conversion: 0.1 });
    expect(bank.links).toEqual([
      { linkId: "a", email: "ann@example.com", visits: 6, paid: 0, conversion: 0 },
      { linkId: "gone", email: "", visits: 4, paid: 1, conversion: 0.25 },
    ]);
  });
});
