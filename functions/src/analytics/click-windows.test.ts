import { describe, expect, it } from "vitest";
import { TIME_FILTERS } from "@hub/contract/analytics";
import type { AnalyticsSnapshot } from "./analytics.store";
import { analyticsLink as link, analyticsProgram as program, clickTally as tally, yearOfHistory } from "./analytics-test-fixtures";
import { clickBuckets, clicksPerLink } from "./analytics-records";
import type { RotationSets } from "../visits/period-counts";
import { fairnessFigures, programFairnessRow } from "./fair-shares";
import {
  fairnessRowsOfWindows,
  holds,
  notCountedOfWindows,
  outcomeVisitsOfWindows,
  windowTrafficOf,
  hoursOfWindowDays,
  linkClicksOf,
  LINK_CLICKS_MAX_CHARS,
  overviewOfWindows,
  windowClicksOf,
  WINDOWED_RANGES,
  type ClickWindow,
} from "./click-windows";
import { overviewOf } from "./dashboard-figures";
import { outcomeAnalytics, outcomeRowsOf } from "./outcome-analytics";
import { noReasons } from "../visits/traffic-counts";
import { notCountedIn } from "./traffic-report";
import type { TrafficTally } from "./traffic.store";
import { windowOf } from "./analytics-window";

const NOW = new Date("2026-11-23T12:34:00Z");
const NO_SETS: RotationSets = new Map();
/** A window's traffic part when the test is not about it. */
const NO_TRAFFIC = { trafficVersion: 0, ...windowTrafficOf([], "p1", NOW) };
const TODAY = "2026-11-23";

describe("click windows", () => {
  it("name the 48 hours of the day before and of their day", () => {
    const hours = hoursOfWindowDays(TODAY);
    expect(hours).toHaveLength(48);
    expect([hours[0], hours[23], hours[24], hours[47]]).toEqual([
      "2026-11-22T00:00:00.000Z",
      "2026-11-22T23:00:00.000Z",
      "2026-11-23T00:00:00.000Z",
      "2026-11-23T23:00:00.000Z",
    ]);
  });

  it("hold only for their day, their program's links and every roll-up they read unchanged", () => {
    const window: ClickWindow = {
      programId: "p1",
      day: TODAY,
      linkSetVersion: 4,
      rollupVersions: { p1: 7, old: 2 },
      linkIds: ["a"],
      clicks: { "7d": 1, "30d": 1, "3mo": 1, "12mo": 1, all: 1 },
      hours: {},
      linkClicks: {},
      linkShares: {},
      served: { "7d": 1, "30d": 1, "3mo": 1, "12mo": 1, all: 1 },
      servedElsewhere: { "7d": {}, "30d": {}, "3mo": {}, "12mo": {}, all: {} },
      trafficVersion: 3,
      notCounted: { "7d": noReasons(), "30d": noReasons(), "3mo": noReasons(), "12mo": noReasons(), all: noReasons() },
      notCountedHours: {},
    };
    const clicks = new Map([
      ["p1", 7],
      ["old", 2],
    ]);
    const traffic = new Map([["p1", 3]]);
    expect(holds(window, TODAY, 4, { clicks, traffic })).toBe(true);
    expect(holds(undefined, TODAY, 4, { clicks, traffic })).toBe(false);
    expect(holds(window, "2026-11-24", 4, { clicks, traffic })).toBe(false);
    expect(holds(window, TODAY, 5, { clicks, traffic })).toBe(false);
    expect(holds(window, TODAY, 4, { clicks: new Map([...clicks, ["old", 3]]), traffic })).toBe(false);
    expect(holds(window, TODAY, 4, { clicks: new Map([["p1", 7]]), traffic })).toBe(false);
    // a traffic fold of its program since
    expect(holds(window, TODAY, 4, { clicks, traffic: new Map([["p1", 4]]) })).toBe(false);
  });

  it("give the Overview's clicks in every range, a moved link's history and today's counters included, a deleted link's left out", () => {
    // c moved from p1 to p2 (its history is in p1's roll-ups); d was deleted but left visits in today's
    // counter: in no window, so never counted, as the records (a, b and c only) never count it
    // "gone" was merged away: its visits of b (now in p1) count for p1 in the outcome report, those of z (deleted) nowhere
    const tallies = [
      ...yearOfHistory(TODAY),
      tally("counter", TODAY, { a: 2, d: 9 }, { programId: "p1" }),
      tally("day", "2026-11-10", { b: 5, z: 1 }, { programId: "gone" }),
      tally("month", "2026-03", { b: 7 }, { programId: "gone" }),
      tally("counter", TODAY, { b: 1 }, { programId: "gone" }),
    ];
    const snapshot: AnalyticsSnapshot = {
      programs: [program("p1", "Card One"), program("p2", "Amex")],
      links: [link("a", "p1", "ann@example.com"), link("b", "p1", "bob@example.com"), link("c", "p2", "ann@example.com")],
      tallies,
    };
    const today = (t: (typeof tallies)[number]) => t.kind === "counter" || (t.kind === "hour" && t.period.startsWith(TODAY));
    const rollups = tallies.filter((t) => !today(t));
    const counters = tallies.filter(today);
    const windowOfProgram = (programId: string, linkIds: string[]): ClickWindow => ({
      programId,
      day: TODAY,
      linkSetVersion: 1,
      rollupVersions: { p1: 1 },
      linkIds,
      ...windowClicksOf(rollups, new Set(linkIds), NOW, programId, NO_SETS),
      trafficVersion: 0,
      ...windowTrafficOf([], programId, NOW),
    });
    const windows = new Map([
      ["p1", windowOfProgram("p1", ["a", "b"])],
      ["p2", windowOfProgram("p2", ["c"])],
    ]);
    const counted = [
      { id: "p1", name: "Card One", approved: true, linkCount: 2, activeLinkCount: 2 },
      { id: "p2", name: "Amex", approved: true, linkCount: 1, activeLinkCount: 1 },
    ];
    for (const range of TIME_FILTERS) {
      const window = windowOf(range, NOW);
      const buckets = clickBuckets(tallies, window, new Set(["a", "b", "c"]));
      const expected = overviewOf(snapshot, buckets, new Set(), TODAY, range);
      expect(overviewOfWindows(counted, windows, counters, range, NOW), range).toEqual(expected);
      if (range === "24h") continue;
      // each link's clicks, for the users report: the records' per link
      expect(linkClicksOf(windows, counters, range, NOW), range).toEqual(clicksPerLink(buckets));
      // the fairness report's rows: what the figures of every tally give each program's links now
      const figures = fairnessFigures(tallies, window, null, NO_SETS);
      const expectedRows = snapshot.programs
        .map((p) =>
          programFairnessRow(
            p,
            figures.programVisits.get(p.id) ?? 0,
            snapshot.links.filter((l) => l.programId === p.id).map((l) => figures.links.get(l.id) ?? { visits: 0, fairShare: 0 }),
          ),
        )
        .sort((a, b) => a.programName.localeCompare(b.programName));
      const counterFigures = fairnessFigures(counters, window, null, NO_SETS);
      expect(fairnessRowsOfWindows(snapshot.programs, windows, counterFigures, range), range).toEqual(expectedRows);
      // the outcome report's rows: each program's visits as it counts them from every tally
      const visits = outcomeVisitsOfWindows(snapshot.programs, windows, counters, range, NOW);
      expect(outcomeRowsOf(snapshot.programs, visits, window, []), range).toEqual(
        outcomeAnalytics(snapshot, window, [], { withLinks: false }),
      );
    }
    // the moved link's past is filed under p1, which served it: p2's visits are today's only, its link's share all of it
    expect(windows.get("p2")!.served.all).toBe(0);
    expect(windows.get("p2")!.linkShares?.all?.c).toBeGreaterThan(0);
  });

  it("give the traffic report's requests not counted in every range: roll-ups, folded hours and the shards, each once", () => {
    // a request not counted every hour of 400 days: folded up to the day before yesterday (its hours
    // kept), yesterday folded early into its day with hours (as a fold run before midnight leaves it), today in shards
    const traffic: TrafficTally[] = [];
    const reasons = (bot: number, repeatAddress = 0) => ({ ...noReasons(), bot, repeatAddress });
    const months = new Map<string, number>();
    for (let d = 400; d >= 1; d--) {
      const day = new Date(Date.parse(`${TODAY}T00:00:00Z`) - d * 86_400_000).toISOString().slice(0, 10);
      traffic.push({ kind: "day", period: day, programId: "p1", counts: reasons(24, d % 3) });
      months.set(day.slice(0, 7), (months.get(day.slice(0, 7)) ?? 0) + 24);
      if (d <= 2)
        for (let h = 0; h < 24; h++)
          traffic.push({ kind: "hour", period: `${day}T${String(h).padStart(2, "0")}:00:00.000Z`, programId: "p1", counts: reasons(1) });
    }
    // the months hold the folded days' bots only (their repeatAddress are in the days: a month less its days is then visible)
    for (const [month, bot] of months) traffic.push({ kind: "month", period: month, programId: "p1", counts: reasons(bot) });
    const shards: TrafficTally[] = [
      { kind: "counter", period: TODAY, programId: "p1", counts: reasons(13, 2) },
      { kind: "hour", period: `${TODAY}T11:00:00.000Z`, programId: "p1", counts: reasons(13, 2) },
      // a program that no longer exists: in no window
      { kind: "counter", period: TODAY, programId: "gone", counts: reasons(5) },
    ];
    const window: ClickWindow = {
      programId: "p1",
      day: TODAY,
      linkSetVersion: 1,
      rollupVersions: {},
      linkIds: [],
      ...windowClicksOf([], new Set(), NOW, "p1", NO_SETS),
      trafficVersion: 1,
      ...windowTrafficOf(traffic, "p1", NOW),
    };
    for (const range of TIME_FILTERS) {
      const expected = notCountedIn(windowOf(range, NOW), [...traffic, ...shards]);
      expect(notCountedOfWindows(new Map([["p1", window]]), shards, range, NOW), range).toEqual(expected);
    }
    expect(notCountedOfWindows(new Map([["p1", window]]), shards, "7d", NOW).get("p1")!.bot).toBe(6 * 24 + 13);
  });

  it("keep no per-link sums too large for a document, and then give none", () => {
    const many = Object.fromEntries(Array.from({ length: 30_000 }, (_, i) => [`link-${String(i).padStart(15, "0")}`, 3]));
    const tallies = [tally("day", "2026-11-20", many, { programId: "p1" })];
    const window = windowClicksOf(tallies, new Set(Object.keys(many)), NOW, "p1", NO_SETS);
    expect(window.clicks["7d"]).toBe(90_000);
    expect(window.served["7d"]).toBe(90_000);
    expect(window.linkClicks).toBeNull();
    expect(window.linkShares).toBeNull();
    // the links' clicks alone, in every range, pass the limit
    expect(WINDOWED_RANGES.length * JSON.stringify(many).length).toBeGreaterThan(LINK_CLICKS_MAX_CHARS);
    const small = windowClicksOf(tallies, new Set(["link-000000000000001"]), NOW, "p1", NO_SETS);
    expect(small.linkClicks?.["7d"]).toEqual({ "link-000000000000001": 3 });
    const windows = new Map([
      ["p1", { programId: "p1", day: TODAY, linkSetVersion: 1, rollupVersions: {}, linkIds: Object.keys(many), ...window, ...NO_TRAFFIC }],
    ]);
    expect(linkClicksOf(windows, [], "7d", NOW)).toBeNull();
    expect(
      fairnessRowsOfWindows([program("p1", "Card One")], windows, fairnessFigures([], windowOf("7d", NOW), null, NO_SETS), "7d"),
    ).toBeNull();
    // a window read without this range's per-link sums gives none, not zeros
    const read = {
      ...small,
      ...NO_TRAFFIC,
      programId: "p1",
      day: TODAY,
      linkSetVersion: 1,
      rollupVersions: {},
      linkIds: ["link-000000000000001"],
    };
    expect(linkClicksOf(new Map([["p1", { ...read, linkClicks: {} }]]), [], "7d", NOW)).toBeNull();
    expect(linkClicksOf(new Map([["p1", read]]), [], "7d", NOW)).toEqual(new Map([["link-000000000000001", 3]]));
  });
});
