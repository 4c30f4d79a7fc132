import { describe, expect, it } from "vitest";
import { clickSeries, recordClicks, sumClicks } from "./click-counts";
import { chartPeriods } from "./time-ranges";

describe("click counts", () => {
  it("counts a record without a click count as 1 click", () => {
    expect(recordClicks({ totalClicks: 7 })).toBe(7);
    expect(recordClicks({})).toBe(1);
    expect(sumClicks([{ totalClicks: 7 }, {}, { totalClicks: 0 }, {}])).toBe(9);
    expect(sumClicks([])).toBe(0);
  });
});

describe("Daily Clicks series", () => {
  const week = chartPeriods("7d", new Date("2026-11-23T00:00:30Z"));
  const days = (series: ReturnType<typeof clickSeries>) => series.points.map((point) => point.start);
  const counts = (series: ReturnType<typeof clickSeries>) => series.points.map((point) => point.clicks);

  it("has one point per chart day, with 0 on days without clicks", () => {
    const series = clickSeries([{ clickDate: "2026-11-18", totalClicks: 4 }], week);
    expect(series.unit).toBe("day");
    expect(days(series)).toEqual(week.keys);
    expect(counts(series)).toEqual([0, 4, 0, 0, 0, 0, 0]);
  });

  it("adds up every link's record of a day and counts an uncounted record as 1", () => {
    const series = clickSeries(
      [{ clickDate: "2026-11-23", totalClicks: 2 }, { clickDate: "2026-11-23", totalClicks: 3 }, { clickDate: "2026-11-22" }],
      week,
    );
    expect(series.points.at(-1)).toEqual({ start: "2026-11-23", clicks: 5 });
    expect(series.points.at(-2)).toEqual({ start: "2026-11-22", clicks: 1 });
  });

  it("leaves out monthly records and days before the chart, which the totals still count", () => {
    const records = [
      { clickDate: "2026-09-01", totalClicks: 50 },
      { clickDate: "2026-10-01", totalClicks: 20 },
      { clickDate: "2026-10-24", totalClicks: 6 },
      { clickDate: "2026-10-25", totalClicks: 1 },
      { clickDate: "2026-11-23", totalClicks: 2 },
    ];
    const series = clickSeries(records, chartPeriods("all", new Date("2026-11-23T23:59:59Z")));
    expect(series.points[0]).toEqual({ start: "2026-10-25", clicks: 1 });
    expect(counts(series).reduce((sum, value) => sum + value, 0)).toBe(3);
    expect(sumClicks(records)).toBe(79);
  });

  it("places an hourly record on its UTC day in a chart of days", () => {
    const series = clickSeries([{ clickDate: "2026-11-22T23:00:00.000Z", totalClicks: 2 }], week);
    expect(series.points.at(-2)).toEqual({ start: "2026-11-22", clicks: 2 });
  });
});

describe("the last 24 hours, by the hour", () => {
  const now = new Date("2026-11-24T13:20:00Z");
  const hours = chartPeriods("24h", now);

  it("draws the current hour and the 23 before it, reaching into yesterday", () => {
    const series = clickSeries(
      [
        { clickDate: "2026-11-24T13:00:00.000Z", totalClicks: 3 },
        { clickDate: "2026-11-24T13:00:00.000Z", totalClicks: 1 }, // another link, same hour
        { clickDate: "2026-11-23T14:00:00.000Z", totalClicks: 2 },
        { clickDate: "2026-11-24T00:00:00.000Z" },
      ],
      hours,
    );
    expect(series.unit).toBe("hour");
    expect(series.points).toHaveLength(24);
    expect(series.points[0]).toEqual({ start: "2026-11-23T14:00:00.000Z", clicks: 2 });
    expect(series.points.at(-1)).toEqual({ start: "2026-11-24T13:00:00.000Z", clicks: 4 });
    expect(series.points.find((point) => point.start === "2026-11-24T00:00:00.000Z")?.clicks).toBe(1);
    expect(counts(series).reduce((sum, value) => sum + value, 0)).toBe(7);
  });

  it("leaves out hours before the window and a record with only a day", () => {
    const series = clickSeries(
      [
        { clickDate: "2026-11-23T13:00:00.000Z", totalClicks: 9 },
        { clickDate: "2026-11-24", totalClicks: 5 },
      ],
      hours,
    );
    expect(counts(series).every((clicks) => clicks === 0)).toBe(true);
  });

  function counts(series: ReturnType<typeof clickSeries>) {
    return series.points.map((point) => point.clicks);
  }
});
