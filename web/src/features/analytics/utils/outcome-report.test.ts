import { describe, expect, it } from "vitest";
import type { ProgramOutcomes } from "@hub/contract/outcomes";
import { formatConversion, hasOutcomes, outcomeRows, ownerLabel, sortOutcomeLinks } from "./outcome-report";

const program = (programId: string, programName: string, figures: Partial<ProgramOutcomes> = {}): ProgramOutcomes => ({
  programId,
  programName,
  visits: 0,
  signedUp: 0,
  paid: 0,
  clawedBack: 0,
  conversion: null,
  links: [],
  ...figures,
});

describe("the outcome report", () => {
  it("shows conversion as a percentage with one decimal", () => {
    expect(formatConversion(0.1234)).toBe("12.3%");
    expect(formatConversion(0.3333)).toBe("33.3%");
    expect(formatConversion(0.0005)).toBe("0.1%");
    expect(formatConversion(1)).toBe("100.0%");
    expect(formatConversion(0)).toBe("0.0%");
  });

  it("is empty until an outcome was recorded in the range, whatever the visits", () => {
    expect(hasOutcomes([])).toBe(false);
    expect(hasOutcomes([program("a", "A", { visits: 40, conversion: 0 })])).toBe(false);
    expect(hasOutcomes([program("a", "A", { clawedBack: 1 })])).toBe(true);
  });

  it("sorts by a column, a missing conversion last either way, ties by name", () => {
    const report = [
      program("1", "beta", { paid: 2, visits: 10, conversion: 0.2 }),
      program("2", "Alpha", { paid: 2, visits: 40, conversion: 0.05 }),
      program("3", "Gamma", { paid: 1, conversion: null }),
    ];
    expect(outcomeRows(report, { column: "paid", direction: "desc" }).map((r) => r.name)).toEqual(["Alpha", "beta", "Gamma"]);
    expect(outcomeRows(report, { column: "conversion", direction: "asc" }).map((r) => r.name)).toEqual(["Alpha", "beta", "Gamma"]);
    expect(outcomeRows(report, { column: "conversion", direction: "desc" }).map((r) => r.name)).toEqual(["beta", "Alpha", "Gamma"]);
    expect(outcomeRows(report, { column: "name", direction: "desc" }).map((r) => r.name)).toEqual(["Gamma", "beta", "Alpha"]);
  });

  it("lists links by paid referrals, a deleted link named as such", () => {
    const links = sortOutcomeLinks([
      { linkId: "x", email: "", visits: 0, paid: 1, conversion: null },
      { linkId: "y", email: "bo@example.com", visits: 5, paid: 1, conversion: 0.2 },
      { linkId: "z", email: "al@example.com", visits: 5, paid: 3, conversion: 0.6 },
    ]);
    expect(links.map((l) => ownerLabel(l.email))).toEqual(["al@example.com", "bo@example.com", "Deleted link"]);
  });
});
