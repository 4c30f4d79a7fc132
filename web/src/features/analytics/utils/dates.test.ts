import { describe, expect, it } from "vitest";
import { formatChartDay, formatChartHour, formatChartMonth, formatPeriodInFull, periodUnitNote } from "./dates";

describe("chart day labels", () => {
  it("labels a day by its UTC date, whatever the browser's time zone", () => {
    expect(formatChartDay("2026-11-23", "en-US")).toBe("Nov 23");
    expect(formatChartDay("2026-01-01", "en-US")).toBe("Jan 1");
  });

  it("leaves a malformed day as it came", () => {
    expect(formatChartDay("someday", "en-US")).toBe("someday");
  });
});

describe("chart hour and month labels", () => {
  it("labels an hour on the reader's clock, with its day when asked", () => {
    expect(formatChartHour("2026-11-24T13:00:00.000Z", { locale: "en-US", timeZone: "UTC" })).toBe("1 PM");
    expect(formatChartHour("2026-11-24T13:00:00.000Z", { locale: "en-US", timeZone: "America/New_York" })).toBe("8 AM");
    expect(formatChartHour("2026-11-24T23:00:00.000Z", { locale: "en-US", timeZone: "Europe/Berlin", withDay: true })).toBe(
      "Nov 25, 12 AM",
    );
    expect(formatChartHour("not an hour")).toBe("not an hour");
  });

  it("labels a month by its UTC month", () => {
    expect(formatChartMonth("2026-11-01", "en-US")).toBe("Nov 2026");
    expect(formatChartMonth("2027-01-01", "en-US")).toBe("Jan 2027");
  });

  it("says what the periods are", () => {
    expect(periodUnitNote("hour")).toBe("hours in your time zone");
    expect(periodUnitNote("day")).toBe("UTC days");
    expect(periodUnitNote("week")).toBe("weeks from Monday, UTC");
    expect(formatPeriodInFull("2026-11-02", "week", "en-US")).toBe("the week of Nov 2");
  });
});
