import { describe, expect, it } from "vitest";
import type { ProgramTraffic } from "@hub/contract/analytics";
import { formatShare, standsOutReason, trafficRows } from "./traffic-report";

const program = (programName: string, figures: Partial<ProgramTraffic> = {}): ProgramTraffic => ({
  programId: programName.toLowerCase().replace(/\W/g, "-"),
  programName,
  requests: 100,
  counted: 100,
  notCounted: { bot: 0, repeatVisitor: 0, repeatAddress: 0, unavailable: 0 },
  filteredShare: 0,
  ...figures,
});

const report: ProgramTraffic[] = [
  program("Wise", {
    requests: 12,
    counted: 2,
    notCounted: { bot: 0, repeatVisitor: 6, repeatAddress: 4, unavailable: 0 },
    filteredShare: 0.833,
  }),
  program("Chase Sapphire", {
    requests: 210,
    counted: 130,
    notCounted: { bot: 8, repeatVisitor: 30, repeatAddress: 42, unavailable: 0 },
    filteredShare: 0.343,
  }),
  program("Amex Gold", {
    requests: 60,
    counted: 48,
    notCounted: { bot: 0, repeatVisitor: 6, repeatAddress: 6, unavailable: 0 },
    filteredShare: 0.2,
  }),
  program("Discover", {
    requests: 1500,
    counted: 1100,
    notCounted: { bot: 90, repeatVisitor: 200, repeatAddress: 110, unavailable: 0 },
    filteredShare: 0.207,
  }),
];

describe("the traffic report", () => {
  it("flags a program when over 20% of at least 50 requests were repeats", () => {
    const flags = Object.fromEntries(trafficRows(report).map((row) => [row.name, row.standsOut]));
    // Wise: most were repeats, but of 12 requests only; Amex Gold: exactly 20%, not over
    expect(flags).toEqual({ Wise: false, "Chase Sapphire": true, "Amex Gold": false, Discover: true });
  });

  it("puts the programs that stand out first, then the others, each by name", () => {
    expect(trafficRows(report).map((row) => row.name)).toEqual(["Chase Sapphire", "Discover", "Amex Gold", "Wise"]);
  });

  it("says in plain words why a program stands out", () => {
    const chase = trafficRows(report).find((row) => row.name === "Chase Sapphire")!;
    expect(standsOutReason(chase)).toBe(
      "34.3% of 210 requests were repeats from the same visitor or address: someone may be pumping this program.",
    );
    expect(standsOutReason({ requests: 1500, filteredShare: 0.34 })).toBe(
      "34% of 1,500 requests were repeats from the same visitor or address: someone may be pumping this program.",
    );
  });

  it("shows shares as percentages with at most one decimal", () => {
    expect(formatShare(0.34)).toBe("34%");
    expect(formatShare(0.773)).toBe("77.3%");
    expect(formatShare(0)).toBe("0%");
    expect(formatShare(1)).toBe("100%");
  });

  it("names a program without a name", () => {
    expect(trafficRows([program("")])[0]!.name).toBe("Unknown Program");
  });
});
