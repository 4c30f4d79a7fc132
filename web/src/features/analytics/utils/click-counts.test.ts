import { describe, expect, it } from "vitest";
import { dailyClickSeries, recordClicks, sumClicks } from "./click-counts";
import { chartDays } from "./time-ranges";

describe("click counts", () => {
  it("counts a record without a click count as 1 click", () => {
    expect(recordClicks({ totalClicks: 7 })).toBe(7);
    expect(recordClicks({})).toBe(1);
    expect(sumClicks([{ totalClicks: 7 }, {}, { totalClicks: 0 }, {}])).toBe(9);
    expect(sumClicks([])).toBe(0);
  });
});

describe("daily click series", () => {
  const days = chartDays("7d", new Date("2026-11-23T00:00:30Z"));

  it("has one point per chart day, with 0 on days without clicks", () => {
    const series = dailyClickSeries([{ clickDate: "2026-11-18", totalClicks: 4 }], days);
    expect(series.map((point) => point.day)).toEqual(days);
    expect(series.map((point) => point.clicks)).toEqual([0, 4, 0, 0, 0, 0, 0]);
  });

  it("adds up every link's record of a day and counts an uncounted record as 1", () => {
    const series = dailyClickSeries(
      [
        { clickDate: "2026-11-23", totalClicks: 2 },
        { clickDate: "2026-11-23", totalClicks: 3 },
        { clickDate: "2026-11-22" },
      ],
      days,
    );
    expect(series.at(-1)).toEqual({ day: "2026-11-23", clicks: 5 });
    expect(series.at(-2)).toEqual({ day: "2026-11-22", clicks: 1 });
  });

  it("leaves out monthly records and days before the chart, which the totals still count", () => {
    const records = [
      { clickDate: "2026-09-01", totalClicks: 50 },
      { clickDate: "2026-10-01", totalClicks: 20 },
      { clickDate: "2026-10-24", totalClicks: 6 },
      { clickDate: "2026-10-25", totalClicks: 1 },
      { clickDate: "2026-11-23", totalClicks: 2 },
    ];
    const month = chartDays("all", new Date("2026-11-23T23:59:59Z"));
    const series = dailyClickSeries(records, month);
    expect(series[0]).toEqual({ day: "2026-10-25", clicks: 1 });
    expect(series.reduce((sum, point) => sum + point.clicks, 0)).toBe(3);
    expect(sumClicks(records)).toBe(79);
  });

  it("for the last 24 hours draws only today", () => {
    const today = chartDays("24h", new Date("2026-11-23T00:00:30Z"));
    expect(dailyClickSeries([{ clickDate: "2026-11-22", totalClicks: 9 }, { clickDate: "2026-11-23" }], today)).toEqual([
      { day: "2026-11-23", clicks: 1 },
    ]);
  });
});
