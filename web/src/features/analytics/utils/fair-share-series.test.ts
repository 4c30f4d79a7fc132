import { describe, expect, it } from "vitest";
import { fairShareChartData, fairSharePeriodUnit, hasFigures } from "./fair-share-series";

const now = new Date("2026-11-24T13:20:00Z");

describe("the fair share chart's periods", () => {
  it("is per hour for 24h, per day up to 30 days, per month beyond", () => {
    expect(fairSharePeriodUnit("24h")).toBe("hour");
    expect(fairSharePeriodUnit("7d")).toBe("day");
    expect(fairSharePeriodUnit("30d")).toBe("day");
    expect(fairSharePeriodUnit("3mo")).toBe("month");
    expect(fairSharePeriodUnit("all")).toBe("month");
  });

  it("draws the last 24 hours hour by hour, 0 where the server sent nothing", () => {
    const data = fairShareChartData(
      [
        { start: "2026-11-24T13:00:00.000Z", visits: 20, fairShare: 11 },
        { start: "2026-11-23T14:00:00.000Z", visits: 1, fairShare: 0.5 },
      ],
      "24h",
      now,
    );
    expect(data.unit).toBe("hour");
    expect(data.points).toHaveLength(24);
    expect(data.points[0]).toEqual({ start: "2026-11-23T14:00:00.000Z", visits: 1, fairShare: 0.5 });
    expect(data.points.at(-1)).toEqual({ start: "2026-11-24T13:00:00.000Z", visits: 20, fairShare: 11 });
    expect(data.points.slice(1, -1).every((point) => point.visits === 0 && point.fairShare === 0)).toBe(true);
  });

  it("draws every day of a 7 or 30 day window, the last one today (UTC)", () => {
    const data = fairShareChartData([{ start: "2026-11-20", visits: 3, fairShare: 2.5 }], "7d", now);
    expect(data.points.map((point) => point.start)).toEqual([
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
      "2026-11-23",
      "2026-11-24",
    ]);
    expect(data.points[2]).toEqual({ start: "2026-11-20", visits: 3, fairShare: 2.5 });
    expect(fairShareChartData([], "30d", now).points).toHaveLength(30);
  });

  it("draws all time month by month from the first month with figures", () => {
    const data = fairShareChartData(
      [
        { start: "2026-11-01", visits: 4, fairShare: 5 },
        { start: "2026-08-01", visits: 10, fairShare: 8 },
      ],
      "all",
      now,
    );
    expect(data.points).toEqual([
      { start: "2026-08-01", visits: 10, fairShare: 8 },
      { start: "2026-09-01", visits: 0, fairShare: 0 },
      { start: "2026-10-01", visits: 0, fairShare: 0 },
      { start: "2026-11-01", visits: 4, fairShare: 5 },
    ]);
    expect(fairShareChartData([], "all", now).points).toEqual([]);
  });

  it("adds up points of the same period and leaves out those outside the window", () => {
    const data = fairShareChartData(
      [
        { start: "2026-11-24", visits: 1, fairShare: 1 },
        { start: "2026-11-24T00:00:00.000Z", visits: 2, fairShare: 1.5 },
        { start: "2026-11-25", visits: 9, fairShare: 9 }, // tomorrow: a server clock ahead of ours
        { start: "2026-11-10", visits: 9, fairShare: 9 }, // before the 7 days
        { start: "not a date", visits: 9, fairShare: 9 },
      ],
      "7d",
      now,
    );
    expect(data.points.at(-1)).toEqual({ start: "2026-11-24", visits: 3, fairShare: 2.5 });
    expect(data.points.reduce((sum, point) => sum + point.visits, 0)).toBe(3);
  });

  it("knows when there is nothing but zeros to draw", () => {
    expect(hasFigures(fairShareChartData([], "7d", now))).toBe(false);
    expect(hasFigures(fairShareChartData([{ start: "2026-11-24", visits: 0, fairShare: 0.5 }], "7d", now))).toBe(true);
  });
});
