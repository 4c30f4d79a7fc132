import { describe, expect, it } from "vitest";
import { clicksPerLink, formatOneDecimal, formatPercent, percentOf } from "./numbers";

describe("percentages and averages", () => {
  it("shows shares with one decimal", () => {
    expect(formatPercent(percentOf(1, 3))).toBe("33.3%");
    expect(formatPercent(percentOf(2, 3))).toBe("66.7%");
    expect(formatPercent(percentOf(1, 4))).toBe("25.0%");
    expect(formatPercent(percentOf(5, 5))).toBe("100.0%");
  });

  it("shows 0.0% when there are no clicks at all", () => {
    expect(formatPercent(percentOf(0, 0))).toBe("0.0%");
  });

  it("shows clicks per link with one decimal, and 0.0 for a program without links", () => {
    expect(formatOneDecimal(clicksPerLink(10, 3))).toBe("3.3");
    expect(formatOneDecimal(clicksPerLink(5, 2))).toBe("2.5");
    expect(formatOneDecimal(clicksPerLink(7, 0))).toBe("0.0");
  });
});
