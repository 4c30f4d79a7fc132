import { describe, expect, it } from "vitest";
import { TIME_FILTERS } from "@hub/contract/analytics";
import {
  dayRollupRanges,
  lastHours,
  monthRollupRanges,
  planWindow,
  recordDateOf,
  seriesPeriods,
  windowOf,
  type WindowPlan,
} from "./analytics-window";

const NOW = new Date("2026-11-23T12:00:00Z");

describe("planWindow", () => {
  it("short ranges are N UTC days ending today, all of them daily", () => {
    expect(planWindow("7d", NOW)).toMatchObject({ start: "2026-11-17", dailyFrom: "2026-11-17", months: null, dayRanges: [], parts: [] });
    expect(planWindow("30d", NOW)).toMatchObject({ start: "2026-10-25", dailyFrom: "2026-10-25", months: null, dayRanges: [], parts: [] });
  });

  it("a window starts at the UTC midnight of its first day, whatever the time of day", () => {
    expect(planWindow("7d", new Date("2026-11-23T00:00:00.000Z")).start).toBe("2026-11-17");
    expect(planWindow("7d", new Date("2026-11-22T23:59:59.999Z")).start).toBe("2026-11-16");
    expect(planWindow("7d", new Date("2026-11-23T23:59:59.999Z")).start).toBe("2026-11-17");
  });

  it("3 months: the last 30 days daily; older, a few days read one by one, whole months, and a month less the days read anyway", () => {
    const plan = planWindow("3mo", NOW);
    expect(plan).toEqual({
      today: "2026-11-23",
      start: "2026-08-26",
      dailyFrom: "2026-10-25",
      months: { from: "2026-09", to: "2026-09" },
      dayRanges: [{ from: "2026-08-26", to: "2026-08-31" }],
      // October 1-24: the month's roll-up less October 25-31, which the daily stretch reads anyway
      parts: [{ month: "2026-10", from: "2026-10-01", to: "2026-10-24", less: [{ from: "2026-10-25", to: "2026-10-31" }] }],
    });
    expect(dayRollupRanges(plan)).toEqual([
      { from: "2026-10-25", to: "2026-11-23" },
      { from: "2026-08-26", to: "2026-08-31" },
    ]);
    expect(monthRollupRanges(plan)).toEqual([
      { from: "2026-09", to: "2026-09" },
      { from: "2026-10", to: "2026-10" },
    ]);
  });

  it("a leading part with more days in than out is its month less the days before the window", () => {
    // 12mo from 2025-11-24: November 24-30 are 7 days, fewer than the 23 before them: read them
    expect(planWindow("12mo", NOW)).toMatchObject({
      start: "2025-11-24",
      months: { from: "2025-12", to: "2026-09" },
      dayRanges: [{ from: "2025-11-24", to: "2025-11-30" }],
    });
    // 12mo from 2025-12-04 (now 2026-12-03): December 4-31 are 28 days, the 3 before are cheaper
    const plan = planWindow("12mo", new Date("2026-12-03T09:00:00Z"));
    expect(plan).toMatchObject({ start: "2025-12-04", months: { from: "2026-01", to: "2026-10" }, dayRanges: [] });
    expect(plan.parts[0]).toEqual({
      month: "2025-12",
      from: "2025-12-04",
      to: "2025-12-31",
      less: [{ from: "2025-12-01", to: "2025-12-03" }],
    });
    expect(dayRollupRanges(plan)).toContainEqual({ from: "2025-12-01", to: "2025-12-03" });
  });

  it("all time reads every month before the daily stretch", () => {
    expect(planWindow("all", NOW)).toMatchObject({
      start: null,
      months: { from: null, to: "2026-09" },
      dayRanges: [],
      parts: [{ month: "2026-10", from: "2026-10-01", to: "2026-10-24" }],
    });
    // the daily stretch starts on the 1st: the month before is whole
    expect(planWindow("all", new Date("2026-10-30T08:00:00Z"))).toMatchObject({
      dailyFrom: "2026-10-01",
      months: { from: null, to: "2026-09" },
      dayRanges: [],
      parts: [],
    });
  });
});

/**
 * How many times each day's clicks end up counted, doing the plan's arithmetic: + the daily stretch,
 * + days read one by one, + whole months, + a part's month, - the days a part leaves out. Also checks
 * that every day subtracted is one the plan reads.
 */
function coverage(plan: WindowPlan, firstDay: string): Map<string, number> {
  const covered = new Map<string, number>();
  const read = dayRollupRanges(plan);
  const months = monthRollupRanges(plan);
  for (let t = Date.parse(`${firstDay}T00:00:00Z`); t <= Date.parse(`${plan.today}T00:00:00Z`); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    const month = day.slice(0, 7);
    let n = 0;
    if (day >= plan.dailyFrom) n += 1;
    if (plan.dayRanges.some((r) => day >= r.from && day <= r.to)) n += 1;
    if (plan.months && (plan.months.from === null || month >= plan.months.from) && month <= plan.months.to) n += 1;
    for (const part of plan.parts.filter((p) => p.month === month)) {
      n += 1;
      if (part.less.some((r) => day >= r.from && day <= r.to)) {
        n -= 1;
        expect(read.some((r) => day >= r.from && day <= r.to)).toBe(true);
      }
      expect(months.some((r) => r.from === month)).toBe(true);
    }
    if (n !== 0) covered.set(day, n);
  }
  return covered;
}

describe("planWindow covers every day of the window exactly once", () => {
  for (const filter of TIME_FILTERS.filter((f) => f !== "24h")) {
    it(`${filter}, for 400 different todays (month ends, a leap day)`, () => {
      // a history that starts before the earliest window (12mo, 399 days before 2028-03-02: January 2026) and no earlier, to keep this quick
      const HISTORY_FROM = "2025-12-01";
      for (let offset = 0; offset < 400; offset++) {
        const plan = planWindow(filter, new Date(Date.UTC(2028, 2, 2, 13) - offset * 86_400_000));
        const counts = coverage(plan, HISTORY_FROM);
        const first = plan.start ?? HISTORY_FROM;
        const expected = new Map<string, number>();
        for (let d = Date.parse(`${first}T00:00:00Z`); d <= Date.parse(`${plan.today}T00:00:00Z`); d += 86_400_000)
          expected.set(new Date(d).toISOString().slice(0, 10), 1);
        expect(counts).toEqual(expected);
      }
    });
  }
});

describe("recordDateOf", () => {
  const plan = planWindow("3mo", NOW);
  it("days of the last 30 are their own date, older ones their month's first day, outside none", () => {
    expect(recordDateOf(plan, "2026-11-23")).toBe("2026-11-23");
    expect(recordDateOf(plan, "2026-10-25")).toBe("2026-10-25");
    expect(recordDateOf(plan, "2026-10-24")).toBe("2026-10-01");
    expect(recordDateOf(plan, "2026-08-26")).toBe("2026-08-01");
    expect(recordDateOf(plan, "2026-08-25")).toBeNull();
    expect(recordDateOf(plan, "2026-11-24")).toBeNull();
  });
});

describe("24h", () => {
  it("is the current, partial, hour and the 23 before it: at 00:30 UTC, yesterday evening's hours are in", () => {
    const hours = lastHours(new Date("2026-11-24T00:30:00.000Z"));
    expect(hours).toHaveLength(24);
    expect(hours[0]).toBe("2026-11-23T01:00:00.000Z");
    expect(hours.at(-1)).toBe("2026-11-24T00:00:00.000Z");
    expect(hours).toContain("2026-11-23T20:00:00.000Z");
    expect(hours).not.toContain("2026-11-23T00:00:00.000Z");
  });
});

describe("seriesPeriods", () => {
  it("hours for 24h, days up to 30 days, months beyond (all: from the first with data)", () => {
    expect(seriesPeriods(windowOf("24h", NOW)).periods(null)).toHaveLength(24);
    const week = seriesPeriods(windowOf("7d", NOW));
    expect(week.periods(null)).toEqual(["2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23"]);
    expect(week.keyOf("2026-11-20")).toBe("2026-11-20");
    expect(seriesPeriods(windowOf("30d", NOW)).periods(null)).toHaveLength(30);
    const quarter = seriesPeriods(windowOf("3mo", NOW));
    expect(quarter.keyOf("2026-10-12")).toBe("2026-10-01");
    expect(quarter.periods(null)).toEqual(["2026-08-01", "2026-09-01", "2026-10-01", "2026-11-01"]);
    expect(seriesPeriods(windowOf("all", NOW)).periods("2026-09-01")).toEqual(["2026-09-01", "2026-10-01", "2026-11-01"]);
    expect(seriesPeriods(windowOf("all", NOW)).periods(null)).toEqual(["2026-11-01"]);
  });
});
