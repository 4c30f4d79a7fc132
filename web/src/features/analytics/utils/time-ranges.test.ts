import { describe, expect, it } from "vitest";
import { STALE_TIMES } from "@/lib/query-client";
import { analyticsCacheOptions, DEFAULT_TIME_RANGE, isTimeFilter, TIME_RANGE_OPTIONS } from "./time-ranges";

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

describe("analytics freshness", () => {
  it("keeps data for 2 minutes except for 24h, which is refetched every time", () => {
    expect(analyticsCacheOptions("all")).toEqual({ staleTime: STALE_TIMES.analytics, refetchOnMount: true });
    expect(STALE_TIMES.analytics).toBe(120_000);
    expect(analyticsCacheOptions("7d").staleTime).toBe(120_000);
    expect(analyticsCacheOptions("24h")).toEqual({ staleTime: 0, refetchOnMount: "always" });
  });
});
