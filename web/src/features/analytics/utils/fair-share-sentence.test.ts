import { describe, expect, it } from "vitest";
import { countOf, fairShareSentence, formatFairShare, formatShareRatio, shareName, shareTerm, windowPhrase } from "./fair-share-sentence";
import { DEFAULT_MEMBER_TIME_FILTER, MEMBER_TIME_FILTERS, MEMBER_TIME_RANGE_OPTIONS } from "./time-ranges";

const stats = (overrides: Partial<Parameters<typeof fairShareSentence>[0]> = {}) => ({
  programName: "Amex Gold",
  activeLinksInProgram: 5,
  programVisits: 1240,
  shareRatio: 0.97,
  ...overrides,
});
const say = (
  overrides: Partial<Parameters<typeof fairShareSentence>[0]> = {},
  timeFilter: Parameters<typeof fairShareSentence>[1] = "30d",
) => fairShareSentence(stats(overrides), timeFilter, "en-US");

describe("the member's fair share in plain words", () => {
  it("says the ratio, the program's visits in the window and how many members share it", () => {
    expect(say()).toBe("You received 97% of an equal share of Amex Gold's 1,240 visits in the last 30 days; 5 members share this program.");
  });

  it("names each window in its own words", () => {
    expect(say({}, "24h")).toContain("visits in the last 24 hours;");
    expect(say({}, "7d")).toContain("visits in the last 7 days;");
    expect(say({}, "all")).toContain("visits of all time;");
    expect(MEMBER_TIME_FILTERS.map(windowPhrase)).toEqual([
      "of all time",
      "in the last 12 months",
      "in the last 3 months",
      "in the last 30 days",
      "in the last 7 days",
      "in the last 24 hours",
    ]);
    expect(DEFAULT_MEMBER_TIME_FILTER).toBe("30d");
    expect(MEMBER_TIME_RANGE_OPTIONS.map((option) => option.label)).toEqual([
      "All Time",
      "Last 12 months",
      "Last 3 months",
      "Last 30 days",
      "Last 7 days",
      "Last 24 hours",
    ]);
  });

  it("handles one visit and one member, and a program whose name ends in s", () => {
    expect(say({ programVisits: 1, activeLinksInProgram: 1, shareRatio: 1, programName: "Amex Points" })).toBe(
      "You received 100% of an equal share of Amex Points' 1 visit in the last 30 days; 1 member shares this program.",
    );
    expect(say({ activeLinksInProgram: 0 })).toContain("; no member's link is active in this program right now.");
  });

  it("rounds the ratio to a whole percentage, over 100% for a link catching up", () => {
    expect(say({ shareRatio: 1.8 })).toMatch(/^You received 180% of an equal share/);
    expect(say({ shareRatio: 0.004 })).toMatch(/^You received 0% of an equal share/);
    expect(formatShareRatio(0.965, "en-US")).toBe("97%");
    expect(formatShareRatio(12.5, "en-US")).toBe("1,250%");
  });

  it("says there was nothing to share yet when the program had no visits", () => {
    expect(say({ programVisits: 0, shareRatio: null }, "24h")).toBe(
      "Amex Gold had no visits in the last 24 hours, so there were no visits to share yet.",
    );
  });

  it("says there was nothing to share with the link when it was not in the rotation while visits came", () => {
    expect(say({ programVisits: 1, shareRatio: null }, "7d")).toBe(
      "Amex Gold had 1 visit in the last 7 days, none while your link was in its rotation, so there were no visits to share with you yet.",
    );
  });

  it("names a program without a name", () => {
    expect(say({ programName: " " })).toContain("of Unknown Program's 1,240 visits");
  });

  it("speaks of the member's weighted share when their link's weight is not 1", () => {
    expect(say({ weight: 1 })).toBe(say());
    expect(say({ weight: 2, shareRatio: 1 })).toBe(
      "You received 100% of your 2× share of Amex Gold's 1,240 visits in the last 30 days; 5 members share this program.",
    );
    expect([shareName(), shareName(1), shareName(3)]).toEqual(["an equal share", "an equal share", "your 3× share"]);
    expect([shareTerm(), shareTerm(1), shareTerm(2)]).toEqual(["Equal share", "Equal share", "Your 2× share"]);
  });
});

describe("figures beside the sentence", () => {
  it("shows a fair share to one decimal at most and counts with their noun", () => {
    expect(formatFairShare(61.94, "en-US")).toBe("61.9");
    expect(formatFairShare(12, "en-US")).toBe("12");
    expect(formatFairShare(1234.56, "en-US")).toBe("1,234.6");
    expect(countOf(0, "visit", "visits", "en-US")).toBe("0 visits");
    expect(countOf(1, "visit", "visits", "en-US")).toBe("1 visit");
  });
});
