import { describe, expect, it } from "vitest";
import type { AnalyticsSnapshot } from "./analytics.store";
import { analyticsLink as link, analyticsProgram as program, yearOfHistory } from "./analytics-test-fixtures";
import { clickBuckets, clickRecords } from "./analytics-records";
import { decodeClickCursor, encodeClickCursor } from "./click-cursor";
import { dailyPlan, mondayOf, overviewOf, programPageOf, seriesOf, seriesPlan } from "./dashboard-figures";
import { windowOf } from "./analytics-window";
import { TIME_FILTERS } from "@hub/contract/analytics";

const NOW = new Date("2026-11-23T12:34:00Z"); // a Monday
const TODAY = "2026-11-23";

const snap = (): AnalyticsSnapshot => ({
  programs: [program("p1", "Card One"), program("p2", "Amex")],
  // c was moved to p2: its clicks (served by p1) go with it
  links: [link("a", "p1", "ann@example.com"), link("b", "p1", "bob@example.com", { paused: true }), link("c", "p2", "ann@example.com")],
  tallies: yearOfHistory(TODAY),
});

/** The records of the clicks route summed by hand: per program and per link. */
function recordSums(records: ReturnType<typeof clickRecords>) {
  const perProgram = new Map<string, number>();
  const perLink = new Map<string, number>();
  for (const r of records) {
    perProgram.set(r.programId, (perProgram.get(r.programId) ?? 0) + (r.totalClicks ?? 1));
    perLink.set(r.linkId, (perLink.get(r.linkId) ?? 0) + (r.totalClicks ?? 1));
  }
  return { perProgram, perLink, total: [...perLink.values()].reduce((a, b) => a + b, 0) };
}

describe("the Overview", () => {
  it.each(TIME_FILTERS)("agrees with the click records summed by hand (%s)", (filter) => {
    const snapshot = snap();
    const window = windowOf(filter, NOW);
    const sums = recordSums(clickRecords(snapshot, window));
    const overview = overviewOf(snapshot, clickBuckets(snapshot.tallies, window, new Set(["a", "b", "c"])), new Set(), TODAY, filter);
    expect(overview.totals.clicks).toBe(sums.total);
    expect(overview.totals.clicks).toBeGreaterThan(0);
    for (const row of overview.programs) expect(row.clicks).toBe(sums.perProgram.get(row.programId) ?? 0);
  });

  it("counts every program and link now, and the active ones as the rotation decides", () => {
    const snapshot = snap();
    const window = windowOf("7d", NOW);
    const overview = overviewOf(
      snapshot,
      clickBuckets(snapshot.tallies, window, new Set(["a", "b", "c"])),
      new Set(["ann@example.com"]),
      TODAY,
      "7d",
    );
    // b is paused, ann's links are held back (a lapsed owner)
    expect(overview.totals).toMatchObject({ programs: 2, links: 3, activeLinks: 0 });
    expect(overview.programs.map((r) => [r.programName, r.totalLinks, r.activeLinks, r.listed])).toEqual([
      ["Amex", 1, 0, true],
      ["Card One", 2, 0, true],
    ]);
  });

  it("keeps the clicks of links whose program is gone as a row that cannot be opened", () => {
    const snapshot = { ...snap(), programs: [program("p1", "Card One")] };
    const window = windowOf("30d", NOW);
    const overview = overviewOf(snapshot, clickBuckets(snapshot.tallies, window, new Set(["a", "b", "c"])), new Set(), TODAY, "30d");
    expect(overview.totals.programs).toBe(1);
    expect(overview.programs.find((r) => r.programId === "p2")).toMatchObject({ programName: "", listed: false });
  });
});

describe("a program's page", () => {
  it.each(TIME_FILTERS)("its links' clicks and its series both agree with the records (%s)", (filter) => {
    const snapshot = snap();
    const sums = recordSums(clickRecords(snapshot, windowOf(filter, NOW)));
    const plan = seriesPlan(filter, NOW);
    const links = snapshot.links
      .filter((l) => l.programId === "p1")
      .map((l) => ({ ...l, name: l.email, createdAt: "2025-01-01T00:00:00.000Z" }));
    const buckets = clickBuckets(snapshot.tallies, plan.window, new Set(links.map((l) => l.id)));
    const page = programPageOf(
      snapshot.programs[0]!,
      links,
      buckets,
      { series: plan, daily: dailyPlan(filter, NOW) },
      new Set(),
      TODAY,
      filter,
    );
    for (const l of page.links) expect(l.clicks).toBe(sums.perLink.get(l.linkId) ?? 0);
    const seriesTotal = page.series.points.reduce((n, p) => n + p.clicks, 0);
    expect(seriesTotal).toBe((sums.perLink.get("a") ?? 0) + (sums.perLink.get("b") ?? 0));
    expect(page.series.points.length).toBeLessThanOrEqual(400);
  });

  it("charts 24 hours, 7 and 30 days, about 13 weeks and 13 months; all time from the first month with clicks", () => {
    const shape = (filter: (typeof TIME_FILTERS)[number]) => {
      const plan = seriesPlan(filter, NOW);
      const snapshot = snap();
      const series = seriesOf(clickBuckets(snapshot.tallies, plan.window, new Set(["a", "b"])), plan);
      return { unit: series.unit, count: series.points.length, first: series.points[0]?.start, last: series.points.at(-1)?.start };
    };
    expect(shape("24h")).toEqual({ unit: "hour", count: 24, first: "2026-11-22T13:00:00.000Z", last: "2026-11-23T12:00:00.000Z" });
    expect(shape("7d")).toEqual({ unit: "day", count: 7, first: "2026-11-17", last: TODAY });
    expect(shape("30d")).toEqual({ unit: "day", count: 30, first: "2026-10-25", last: TODAY });
    // 90 days from 2026-08-26 (a Wednesday): the weeks from Monday 2026-08-24 to this Monday
    expect(shape("3mo")).toEqual({ unit: "week", count: 14, first: "2026-08-24", last: TODAY });
    expect(shape("12mo")).toEqual({ unit: "month", count: 13, first: "2025-11-01", last: "2026-11-01" });
    // 400 days of history: from October 2025
    expect(shape("all")).toEqual({ unit: "month", count: 14, first: "2025-10-01", last: "2026-11-01" });
  });

  it("draws 'Daily Clicks' as the specification says: 1 day for 24h (by the hour), 7 days for 7d, otherwise the last 30 days", () => {
    const snapshot = snap();
    const daily = (filter: (typeof TIME_FILTERS)[number]) => {
      const plan = seriesPlan(filter, NOW);
      const buckets = clickBuckets(snapshot.tallies, plan.window, new Set(["a", "b"]));
      return seriesOf(buckets, dailyPlan(filter, NOW));
    };
    // the last 30 days of the 30-day range, per day: what every longer range's 'Daily Clicks' must show too
    const thirtyDays = daily("30d");
    expect(thirtyDays.points.some((p) => p.clicks > 0)).toBe(true);
    expect(thirtyDays.points.map((p) => p.start)).toEqual(seriesPlan("30d", NOW).periods(null));
    for (const filter of ["3mo", "12mo", "all"] as const) expect(daily(filter), filter).toEqual(thirtyDays);
    expect(daily("7d")).toEqual({ unit: "day", points: thirtyDays.points.slice(-7) });
    // the one day of 24h, hour by hour: the range's own 24 hours
    const hours = daily("24h");
    expect(hours.unit).toBe("hour");
    expect(hours.points).toHaveLength(24);
    expect(hours).toEqual(
      seriesOf(clickBuckets(snapshot.tallies, seriesPlan("24h", NOW).window, new Set(["a", "b"])), seriesPlan("24h", NOW)),
    );
  });

  it("puts each day in the week of its Monday", () => {
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(mondayOf("2026-11-29")).toBe("2026-11-23");
    expect(mondayOf("2026-11-22")).toBe("2026-11-16");
    expect(mondayOf("2027-01-01")).toBe("2026-12-28");
  });

  it("lists every link of the program, oldest first, with 0 for one without clicks", () => {
    const plan = seriesPlan("7d", NOW);
    const links = [
      { ...link("z", "p1", "zed@example.com"), name: "Zed", createdAt: "2026-01-02T00:00:00.000Z" },
      { ...link("y", "p1", "yan@example.com"), name: "Yan", createdAt: "2026-01-01T00:00:00.000Z" },
    ];
    const page = programPageOf(
      program("p1", "Card One"),
      links,
      [],
      { series: plan, daily: plan },
      new Set(["zed@example.com"]),
      TODAY,
      "7d",
    );
    expect(page.links.map((l) => [l.name, l.clicks, l.isActive])).toEqual([
      ["Yan", 0, true],
      ["Zed", 0, false],
    ]);
    expect(page.series.points.every((p) => p.clicks === 0)).toBe(true);
  });
});

describe("the clicks route's cursor", () => {
  it("comes back as it was given", () => {
    const cursor = { at: NOW, after: { clickDate: "2026-11-01", linkId: "abc_DEF-1" } };
    expect(decodeClickCursor(encodeClickCursor(cursor))).toEqual(cursor);
    const hourly = { at: NOW, after: { clickDate: "2026-11-23T11:00:00.000Z", linkId: "x" } };
    expect(decodeClickCursor(encodeClickCursor(hourly))).toEqual(hourly);
  });

  it.each([
    ["not base64 JSON", "abc"],
    ["a JSON object", Buffer.from(JSON.stringify({ at: NOW.toISOString() })).toString("base64url")],
    ["a bad time", Buffer.from(JSON.stringify(["yesterday", "2026-11-01", "a"])).toString("base64url")],
    ["a bad date", Buffer.from(JSON.stringify([NOW.toISOString(), "2026-11", "a"])).toString("base64url")],
    ["a link id with a slash", Buffer.from(JSON.stringify([NOW.toISOString(), "2026-11-01", "a/b"])).toString("base64url")],
  ])("refuses %s with the contract's 400", (_, text) => {
    expect(() => decodeClickCursor(text)).toThrow(expect.objectContaining({ code: "VALIDATION" }) as Error);
  });
});
