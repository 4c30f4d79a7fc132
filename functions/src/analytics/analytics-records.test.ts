import { describe, expect, it } from "vitest";
import type { AnalyticsLink, AnalyticsSnapshot, ClickTally } from "./analytics.store";
import { analyticsLink as link, clickTally as tally } from "./analytics-test-fixtures";
import { clickRecords, clickRecordsPage, percentOf, userAnalytics } from "./analytics-records";
import { windowOf } from "./analytics-window";

const NOW = new Date("2026-11-23T12:00:00Z");
const TODAY = "2026-11-23";

const snapshot = (
  tallies: ClickTally[],
  links: AnalyticsLink[] = [link("a", "p1", "ann@example.com"), link("b", "p2", "bob@example.com")],
): AnalyticsSnapshot => ({
  programs: [
    {
      id: "p1",
      name: "Card One",
      approved: true,
      distributionMode: "even",
      referrerCap: { count: 2, period: "calendar-year" },
      offerEndsOn: null,
    },
    { id: "p2", name: "", approved: true, distributionMode: "even", referrerCap: null, offerEndsOn: null },
  ],
  links,
  tallies,
});

describe("clickRecords", () => {
  it("one record per link per day in the last 30 days; a day's counter and its folded roll-up add up", () => {
    const records = clickRecords(
      snapshot([
        tally("day", "2026-11-23", { a: 2, b: 1 }, { last: { a: "2026-11-23T10:00:00Z", b: "2026-11-23T09:00:00Z" } }),
        tally("day", "2026-11-23", { a: 3 }, { last: { a: "2026-11-23T11:30:00Z" } }),
        tally("day", "2026-11-22", { a: 1 }, { last: { a: "2026-11-22T23:59:59Z" } }),
      ]),
      windowOf("7d", NOW),
    );
    expect(records).toEqual([
      {
        programId: "p1",
        programName: "Card One",
        linkId: "a",
        linkEmail: "ann@example.com",
        totalClicks: 5,
        clickDate: "2026-11-23",
        clickedAt: "2026-11-23T11:30:00.000Z",
      },
      {
        programId: "p2",
        programName: "",
        linkId: "b",
        linkEmail: "bob@example.com",
        totalClicks: 1,
        clickDate: "2026-11-23",
        clickedAt: "2026-11-23T09:00:00.000Z",
      },
      {
        programId: "p1",
        programName: "Card One",
        linkId: "a",
        linkEmail: "ann@example.com",
        totalClicks: 1,
        clickDate: "2026-11-22",
        clickedAt: "2026-11-22T23:59:59.000Z",
      },
    ]);
  });

  it("older clicks come per month, dated the month's first day, with totals unchanged", () => {
    // October: 6 on the 2nd, 4 on the 24th, 4 on the 25th (inside the last 30 days); all folded
    const records = clickRecords(
      snapshot([
        tally("month", "2026-10", { a: 14 }, { last: { a: "2026-10-25T08:00:00Z" } }),
        tally("day", "2026-10-25", { a: 4 }, { last: { a: "2026-10-25T08:00:00Z" } }),
        tally("month", "2026-09", { a: 100 }, { last: { a: "2026-09-30T10:00:00Z" } }),
        tally("day", "2026-08-26", { a: 1 }, { last: { a: "2026-08-26T10:00:00Z" } }),
        tally("day", "2026-08-25", { a: 7 }), // read for nothing: before the window
      ]),
      windowOf("3mo", NOW),
    );
    expect(records.map((r) => [r.clickDate, r.totalClicks, r.clickedAt])).toEqual([
      ["2026-10-25", 4, "2026-10-25T08:00:00.000Z"],
      // the month less its days in the daily stretch; its last click was in those, so the part's end stands in
      ["2026-10-01", 10, "2026-10-24T23:59:59.999Z"],
      ["2026-09-01", 100, "2026-09-30T10:00:00.000Z"],
      ["2026-08-01", 1, "2026-08-26T10:00:00.000Z"],
    ]);
  });

  it("an unfolded counter of an older day adds to its month's record; a month wholly in the daily days leaves none", () => {
    const records = clickRecords(
      snapshot([
        tally("counter", "2026-10-03", { a: 2 }, { last: { a: "2026-10-03T12:00:00Z" } }),
        tally("month", "2026-10", { b: 3 }),
        tally("day", "2026-10-30", { b: 3 }),
      ]),
      windowOf("all", NOW),
    );
    expect(records.map((r) => [r.linkId, r.clickDate, r.totalClicks])).toEqual([
      ["b", "2026-10-30", 3],
      ["a", "2026-10-01", 2],
    ]);
  });

  it("leaves out days outside the window, deleted links and empty counts, and files a moved link under its program now", () => {
    const records = clickRecords(
      snapshot(
        [tally("day", "2026-11-16", { a: 9 }), tally("day", "2026-11-20", { gone: 5, a: 0, b: 2 })],
        [link("b", "p1", "bob@example.com")],
      ),
      windowOf("7d", NOW),
    );
    expect(records).toEqual([expect.objectContaining({ linkId: "b", programId: "p1", programName: "Card One", totalClicks: 2 })]);
  });
});

describe("userAnalytics", () => {
  it("clicks and all-time clicks per owner with one-decimal shares, active links, by all-time clicks", () => {
    const links = [
      link("a", "p1", "ann@example.com", { visitCount: 10 }),
      link("a2", "p2", "ann@example.com", { visitCount: 0, paused: true }),
      link("b", "p2", "bob@example.com", { visitCount: 20 }),
      link("c", "p1", "cat@example.com", { visitCount: 0, isDead: true }),
      link("d", "p1", "dan@example.com", { visitCount: 0 }),
    ];
    const snap = snapshot([tally("day", "2026-11-23", { a: 1, b: 2 })], links);
    const rows = userAnalytics(snap, clickRecords(snap, windowOf("7d", NOW)), new Set(["dan@example.com"]), TODAY);
    expect(rows).toEqual([
      { email: "bob@example.com", clicks: 2, clickPercentage: 66.7, allTimeClicks: 20, allTimePercentage: 66.7, activeLinks: 1 },
      { email: "ann@example.com", clicks: 1, clickPercentage: 33.3, allTimeClicks: 10, allTimePercentage: 33.3, activeLinks: 1 },
      // a dead link and an owner held back (blocked or lapsed) count no active link; the screen hides these
      { email: "cat@example.com", clicks: 0, clickPercentage: 0, allTimeClicks: 0, allTimePercentage: 0, activeLinks: 0 },
      { email: "dan@example.com", clicks: 0, clickPercentage: 0, allTimeClicks: 0, allTimePercentage: 0, activeLinks: 0 },
    ]);
  });

  it("a link its owner's cap or snooze holds out today counts no active link", () => {
    const links = [
      link("a", "p1", "ann@example.com", { paidOn: ["2026-02-01", "2026-10-01"] }),
      link("b", "p1", "bob@example.com", { paidOn: ["2025-12-31", "2026-10-01"] }),
      link("c", "p1", "cat@example.com", { snoozedUntil: "2026-11-24" }),
      link("d", "p1", "dan@example.com", { snoozedUntil: TODAY }),
    ];
    const rows = userAnalytics(snapshot([], links), [], new Set(), TODAY);
    // ann has the two paid referrals the program's yearly cap allows; bob's first fell last year; dan's snooze ends today
    expect(Object.fromEntries(rows.map((r) => [r.email, r.activeLinks]))).toEqual({
      "ann@example.com": 0,
      "bob@example.com": 1,
      "cat@example.com": 0,
      "dan@example.com": 1,
    });
  });

  it("a program whose offer has ended has no active link, from the day after its last day", () => {
    const snap = snapshot([]);
    const ended = { ...snap, programs: snap.programs.map((p) => (p.id === "p1" ? { ...p, offerEndsOn: "2026-11-22" } : p)) };
    const active = (today: string) => userAnalytics(ended, [], new Set(), today).map((r) => [r.email, r.activeLinks]);
    expect(active("2026-11-22")).toEqual([
      ["ann@example.com", 1],
      ["bob@example.com", 1],
    ]);
    expect(active("2026-11-23")).toEqual([
      ["ann@example.com", 0],
      ["bob@example.com", 1],
    ]);
  });

  it("a record without a count counts one click", () => {
    const snap = snapshot([]);
    const rows = userAnalytics(snap, [{ linkEmail: "ann@example.com" }], new Set(), TODAY);
    expect(rows.find((r) => r.email === "ann@example.com")).toMatchObject({ clicks: 1, clickPercentage: 100 });
  });
});

describe("percentOf", () => {
  it("rounds to one decimal and gives 0 of nothing", () => {
    expect([percentOf(1, 3), percentOf(2, 3), percentOf(1, 8), percentOf(0, 0), percentOf(5, 5)]).toEqual([33.3, 66.7, 12.5, 0, 100]);
  });
});

describe("a page of the records, from its cursor", () => {
  const links = Array.from({ length: 40 }, (_, i) =>
    link(`l${String(i).padStart(2, "0")}`, i % 2 ? "p1" : "p2", `o${String(i)}@example.com`),
  );
  const days = ["2026-11-23", "2026-11-22", "2026-11-20", "2026-11-17"];
  const tallies = days.map((day) => tally("day", day, Object.fromEntries(links.map((l, i) => [l.id, 1 + ((i * 7) % 5)]))));
  const whole = snapshot(tallies, links);
  const window = windowOf("7d", NOW);

  it("walked page by page, gives every record once, in order, whatever the page size", () => {
    const all = clickRecords(whole, window);
    expect(all).toHaveLength(160);
    for (const limit of [1, 7, 50, 159, 160, 500]) {
      const walked = [];
      let after: { clickDate: string; linkId: string } | null = null;
      for (;;) {
        const { records, more } = clickRecordsPage(whole, window, after, limit);
        expect(records.length).toBeLessThanOrEqual(limit);
        walked.push(...records);
        if (!more) break;
        after = records.at(-1)!;
      }
      expect(walked).toEqual(all);
    }
  });

  it("builds only the page's records: a page near the end reads no link of the records before it", () => {
    let built = 0;
    // each record built reads its link's e-mail once
    const counted = links.map((l) => ({
      ...l,
      get email() {
        built++;
        return l.email;
      },
    }));
    const page = clickRecordsPage(snapshot(tallies, counted), window, { clickDate: "2026-11-17", linkId: "l29" }, 5);
    expect(page.records.map((r) => r.linkId)).toEqual(["l30", "l31", "l32", "l33", "l34"]);
    expect(page.more).toBe(true);
    expect(built).toBe(5);
  });
});
