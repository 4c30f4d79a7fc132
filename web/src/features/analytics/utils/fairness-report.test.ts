import { describe, expect, it } from "vitest";
import type { ProgramFairness } from "@hub/contract/analytics";
import {
  DEFAULT_FAIRNESS_SORT,
  fairnessRows,
  formatIndex,
  formatRatio,
  formatWeight,
  missingFigureReason,
  sortFairnessLinks,
} from "./fairness-report";

const program = (programName: string, figures: Partial<ProgramFairness> = {}): ProgramFairness => ({
  programId: programName.toLowerCase().replace(/\W/g, "-"),
  programName,
  mode: "even",
  visits: 100,
  jainIndex: 1,
  maxDeviation: 0,
  links: [],
  ...figures,
});

const report: ProgramFairness[] = [
  program("Amex Gold", { visits: 22, jainIndex: 0.671, maxDeviation: 0.818 }), // 20 / 2 visits: skewed
  program("Chase Sapphire", { visits: 40, jainIndex: 1, maxDeviation: 0 }), // even split
  program("Wise", { visits: 0, jainIndex: null, maxDeviation: null }),
  program("Citi Premier", { mode: "balanced", visits: 300, jainIndex: 0.99, maxDeviation: 0.12 }), // a newcomer catching up
  program("Discover", { visits: 50, jainIndex: 0.96, maxDeviation: 0.05 }),
];
const names = (sort = DEFAULT_FAIRNESS_SORT) => fairnessRows(report, sort).map((row) => row.name);

describe("the fairness report", () => {
  it("flags programs with Jain's index under 0.95 or a largest deviation over 0.10", () => {
    const flags = Object.fromEntries(fairnessRows(report, DEFAULT_FAIRNESS_SORT).map((row) => [row.name, row.standsOut]));
    expect(flags).toEqual({ "Amex Gold": true, "Chase Sapphire": false, Wise: false, "Citi Premier": true, Discover: false });
  });

  it("puts the programs that stand out first by default, then fair ones, then those without visits", () => {
    expect(DEFAULT_FAIRNESS_SORT).toEqual({ column: "standsOut", direction: "desc" });
    expect(names()).toEqual(["Amex Gold", "Citi Premier", "Chase Sapphire", "Discover", "Wise"]);
    expect(names({ column: "standsOut", direction: "asc" })).toEqual(["Chase Sapphire", "Discover", "Amex Gold", "Citi Premier", "Wise"]);
  });

  it("sorts by any column, a program without figures last both ways", () => {
    expect(names({ column: "jainIndex", direction: "asc" })).toEqual(["Amex Gold", "Discover", "Citi Premier", "Chase Sapphire", "Wise"]);
    expect(names({ column: "jainIndex", direction: "desc" })).toEqual(["Chase Sapphire", "Citi Premier", "Discover", "Amex Gold", "Wise"]);
    expect(names({ column: "maxDeviation", direction: "desc" })).toEqual([
      "Amex Gold",
      "Citi Premier",
      "Discover",
      "Chase Sapphire",
      "Wise",
    ]);
    expect(names({ column: "visits", direction: "desc" })).toEqual(["Citi Premier", "Discover", "Chase Sapphire", "Amex Gold", "Wise"]);
    expect(names({ column: "name", direction: "asc" })).toEqual(["Amex Gold", "Chase Sapphire", "Citi Premier", "Discover", "Wise"]);
    expect(names({ column: "mode", direction: "asc" })[0]).toBe("Citi Premier");
  });

  it("lists a program's links by share ratio, most over their share first, those without one last", () => {
    const links = sortFairnessLinks([
      { linkId: "b", email: "bea@example.com", visits: 2, fairShare: 11, shareRatio: 0.18, weight: 1 },
      { linkId: "n", email: "new@example.com", visits: 0, fairShare: 0.5, shareRatio: null, weight: 1 },
      { linkId: "a", email: "al@example.com", visits: 20, fairShare: 11, shareRatio: 1.82, weight: 2 },
    ]);
    expect(links.map((link) => link.email)).toEqual(["al@example.com", "bea@example.com", "new@example.com"]);
  });

  it("says why a figure is missing", () => {
    expect(missingFigureReason({ visits: 0, jainIndex: null })).toBe("no visits in this range");
    expect(missingFigureReason({ visits: 3, jainIndex: 1 })).toBe("no link's fair share reached 1 visit");
  });

  it("shows the contract's decimals", () => {
    expect(formatIndex(0.6712)).toBe("0.671");
    expect(formatIndex(1)).toBe("1.000");
    expect(formatRatio(1.8)).toBe("1.80");
  });

  it("shows a link's weight as a multiple", () => {
    expect(formatWeight(1)).toBe("1×");
    expect(formatWeight(2)).toBe("2×");
    expect(formatWeight(10)).toBe("10×");
  });

  it("names a program without a name", () => {
    expect(fairnessRows([program("")], DEFAULT_FAIRNESS_SORT)[0]!.name).toBe("Unknown Program");
  });
});
