import { describe, expect, it } from "vitest";
import { formatChartDay } from "./dates";

describe("chart day labels", () => {
  it("labels a day by its UTC date, whatever the browser's time zone", () => {
    expect(formatChartDay("2026-11-23", "en-US")).toBe("Nov 23");
    expect(formatChartDay("2026-01-01", "en-US")).toBe("Jan 1");
  });

  it("leaves a malformed day as it came", () => {
    expect(formatChartDay("someday", "en-US")).toBe("someday");
  });
});
