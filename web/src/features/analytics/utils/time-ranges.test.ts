import { describe, expect, it } from "vitest";
import { STALE_TIMES } from "@/lib/query-client";
import { analyticsCacheOptions, chartDayCount, chartPeriods, DEFAULT_TIME_RANGE, isTimeFilter, TIME_RANGE_OPTIONS } from "./time-ranges";

const chartDays = (range: Parameters<typeof chartPeriods>[0], now: Date) => chartPeriods(range, now).keys;

describe("time range selector", () => {
  it("offers the six ranges, longest first, with All Time as the default", () => {
    expect(TIME_RANGE_OPTIONS).toEqual([
      { value: "all", label: "All Time" },
      { value: "12mo", label: "Last 12 months" },
      { value: "3mo", label: "Last 3 months" },
      { value: "30d", label: "Last 30 days" },
      { value: "7d", label: "Last 7 days" },
      { value: "24h", label: "Last 24 hours" },
    ]);
    expect(DEFAULT_TIME_RANGE).toBe("all");
  });

  it("knows its own values only", () => {
    expect(isTimeFilter("7d")).toBe(true);
    expect(isTimeFilter("7D")).toBe(false);
    expect(isTimeFilter("1y")).toBe(false);
    expect(isTimeFilter(null)).toBe(false);
  });
});

describe("Daily Clicks chart days", () => {
  it("covers 1 day for 24h, 7 for 7d and 30 otherwise", () => {
    expect(chartDayCount("24h")).toBe(1);
    expect(chartDayCount("7d")).toBe(7);
    for (const range of ["30d", "3mo", "12mo", "all"] as const) expect(chartDayCount(range)).toBe(30);
  });

  it("ends with today's UTC day just after UTC midnight", () => {
    const now = new Date("2026-11-23T00:00:30Z");
    expect(chartDays("7d", now)).toEqual([
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
      "2026-11-23",
    ]);
  });

  it("still ends with the same UTC day one second before the next UTC midnight", () => {
    const now = new Date("2026-11-23T23:59:59Z");
    const month = chartDays("30d", now);
    expect(month).toHaveLength(30);
    expect(month[0]).toBe("2026-10-25");
    expect(month.at(-1)).toBe("2026-11-23");
  });

  it("draws the 1 day of 24h as its 24 hours, the last one the current hour", () => {
    const periods = chartPeriods("24h", new Date("2026-11-23T00:00:30Z"));
    expect(periods.unit).toBe("hour");
    expect(periods.keys).toHaveLength(24);
    expect(periods.keys[0]).toBe("2026-11-22T01:00:00.000Z");
    expect(periods.keys.at(-1)).toBe("2026-11-23T00:00:00.000Z");
    expect(chartPeriods("7d", new Date("2026-11-23T00:00:30Z")).unit).toBe("day");
  });

  it("crosses a month and a year end without skipping or repeating a day", () => {
    const days = chartDays("all", new Date("2027-01-03T12:00:00Z"));
    expect(days.slice(-5)).toEqual(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02", "2027-01-03"]);
    expect(new Set(days).size).toBe(30);
  });
});

describe("analytics freshness", () => {
  it("keeps data for 2 minutes except for 24h, which is refetched every time", () => {
    expect(analyticsCacheOptions("all")).toEqual({ staleTime: STALE_TIMES.analytics, refetchOnMount: true });
    expect(STALE_TIMES.analytics).toBe(120_000);
    expect(analyticsCacheOptions("7d").staleTime).toBe(120_000);
    expect(analyticsCacheOptions("24h")).toEqual({ staleTime: 0, refetchOnMount: "always" });
  });
});
