import { describe, expect, it } from "vitest";
import { TIME_FILTERS } from "../../contract/analytics";
import { planWindow, recordDateOf, type WindowPlan } from "./analytics-window";

const NOW = new Date("2026-11-23T12:00:00Z");

describe("planWindow", () => {
  it("short ranges are N UTC days ending today, all of them daily", () => {
    expect(planWindow("24h", NOW)).toEqual({ today: "2026-11-23", start: "2026-11-23", dailyFrom: "2026-11-23", months: null, dayRanges: [] });
    expect(planWindow("7d", NOW)).toMatchObject({ start: "2026-11-17", dailyFrom: "2026-11-17", months: null, dayRanges: [] });
    expect(planWindow("30d", NOW)).toMatchObject({ start: "2026-10-25", dailyFrom: "2026-10-25", months: null, dayRanges: [] });
  });

  it("a window starts at the UTC midnight of its first day, whatever the time of day", () => {
    expect(planWindow("24h", new Date("2026-11-23T00:00:00.000Z")).start).toBe("2026-11-23");
    expect(planWindow("24h", new Date("2026-11-22T23:59:59.999Z")).start).toBe("2026-11-22");
    expect(planWindow("7d", new Date("2026-11-23T23:59:59.999Z")).start).toBe("2026-11-17");
  });

  it("3 months: the last 30 days daily, older days as the partial months' days and whole months", () => {
    expect(planWindow("3mo", NOW)).toEqual({
      today: "2026-11-23",
      start: "2026-08-26",
      dailyFrom: "2026-10-25",
      months: { from: "2026-09", to: "2026-09" },
      dayRanges: [
        { from: "2026-08-26", to: "2026-08-31" },
        { from: "2026-10-01", to: "2026-10-24" },
      ],
    });
  });

  it("12 months and all time read whole months for everything but the partial ones", () => {
    expect(planWindow("12mo", NOW)).toMatchObject({
      start: "2025-11-24",
      months: { from: "2025-12", to: "2026-09" },
      dayRanges: [
        { from: "2025-11-24", to: "2025-11-30" },
        { from: "2026-10-01", to: "2026-10-24" },
      ],
    });
    expect(planWindow("all", NOW)).toMatchObject({ start: null, months: { from: null, to: "2026-09" }, dayRanges: [{ from: "2026-10-01", to: "2026-10-24" }] });
  });

  it("when the daily stretch starts on the 1st, the month before is read whole", () => {
    expect(planWindow("all", new Date("2026-10-30T08:00:00Z"))).toMatchObject({ dailyFrom: "2026-10-01", months: { from: null, to: "2026-09" }, dayRanges: [] });
  });

  it("a window whose older days all fall in one month reads them as one stretch", () => {
    // now 2026-03-31: 3mo starts 2026-01-01, daily from 2026-03-02, older = Jan (whole) + Feb (whole) + Mar 1
    expect(planWindow("3mo", new Date("2026-03-31T10:00:00Z"))).toMatchObject({ start: "2026-01-01", dailyFrom: "2026-03-02", months: { from: "2026-01", to: "2026-02" }, dayRanges: [{ from: "2026-03-01", to: "2026-03-01" }] });
    // now 2026-03-15: 3mo starts 2025-12-16, daily from 2026-02-14
    expect(planWindow("3mo", new Date("2026-03-15T10:00:00Z"))).toMatchObject({
      start: "2025-12-16",
      months: { from: "2026-01", to: "2026-01" },
      dayRanges: [
        { from: "2025-12-16", to: "2025-12-31" },
        { from: "2026-02-01", to: "2026-02-13" },
      ],
    });
  });
});

/** Every day the plan reads, and how many times (a day inside a month read whole counts once for that month). */
function coverage(plan: WindowPlan, firstDay: string): Map<string, number> {
  const covered = new Map<string, number>();
  const add = (day: string) => covered.set(day, (covered.get(day) ?? 0) + 1);
  // from well before any window: a day read outside the window shows up too
  for (let d = new Date(`${firstDay}T00:00:00Z`); d.toISOString().slice(0, 10) <= plan.today; d = new Date(d.getTime() + 86_400_000)) {
    const day = d.toISOString().slice(0, 10);
    if (day >= plan.dailyFrom) add(day);
    if (plan.dayRanges.some((r) => day >= r.from && day <= r.to)) add(day);
    const month = day.slice(0, 7);
    if (plan.months && (plan.months.from === null || month >= plan.months.from) && month <= plan.months.to) add(day);
  }
  return covered;
}

describe("planWindow covers every day of the window exactly once", () => {
  for (const filter of TIME_FILTERS) {
    it(`${filter}, for 400 different todays (month ends, a leap day)`, () => {
      for (let offset = 0; offset < 400; offset++) {
        const plan = planWindow(filter, new Date(Date.UTC(2028, 2, 2, 13) - offset * 86_400_000));
        const counts = coverage(plan, "2024-01-01");
        const first = plan.start ?? "2024-01-01";
        const expected = new Map<string, number>();
        for (let d = Date.parse(`${first}T00:00:00Z`); d <= Date.parse(`${plan.today}T00:00:00Z`); d += 86_400_000) expected.set(new Date(d).toISOString().slice(0, 10), 1);
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
