import type { AnalyticsOverview, ProgramFairness, TimeFilter } from "@hub/contract/analytics";
import { utcDay } from "@hub/contract/dates";
import type { RotationSets } from "../visits/period-counts";
import type { AnalyticsProgram, ClickTally } from "./analytics.store";
import { clickBuckets, placementsOf } from "./analytics-records";
import { windowOf } from "./analytics-window";
import { programActiveLinks } from "../links/link-availability";
import { fairnessFigures, programFairnessRow, type SharePoint } from "./fair-shares";
import { addReasons, noReasons, type ReasonCounts } from "../visits/traffic-counts";
import { notCountedIn } from "./traffic-report";
import type { TrafficTally } from "./traffic.store";

/*
 * Click windows: per program, its links' clicks in each range of whole UTC days, summed once from the
 * roll-ups, so that the Overview reads one document per program instead of every link and every
 * program's roll-ups of the range (at 10,000 links, 30 days: 6,000 roll-ups, 300,000 link counts).
 *
 * A window is summed for one UTC day (its ranges end that day), over the links in the program then,
 * from the roll-ups only; today's unfolded counters are added when it is read, so every visit is in
 * exactly one of the two as long as no roll-up the window read has changed since. That is what the
 * versions say: the program's `linkSetVersion` (raised with every change of its links' counts:
 * a link added, removed, moved or changed) and the roll-up version of every program whose roll-ups
 * hold its links' history (raised by each fold that writes them). A window with another day or
 * version is summed again, by the read that finds it so, and stored.
 */

/** The ranges of whole days a window holds; for 24h it holds the hours of the day before and of its day (below). */
export const WINDOWED_RANGES = ["7d", "30d", "3mo", "12mo", "all"] as const satisfies readonly TimeFilter[];
export type WindowedRange = (typeof WINDOWED_RANGES)[number];

const HOUR_MS = 3_600_000;
/**
 * The ISO starts of the 48 hours of the UTC day before `day` and of `day`: every hour a `24h` range
 * ending on `day` can hold. Today's hours are in counters until today is folded, which the nightly
 * fold does once the day is over; a fold run early (a retried job near midnight, a test) puts them in
 * roll-ups sooner, and the window then holds them, as the Overview's reads from every link do (readsFor).
 */
export function hoursOfWindowDays(day: string): string[] {
  const start = Date.parse(`${day}T00:00:00Z`) - 24 * HOUR_MS;
  return Array.from({ length: 48 }, (_, i) => new Date(start + i * HOUR_MS).toISOString());
}

export interface ClickWindow {
  programId: string;
  /** The UTC day its ranges end on. */
  day: string;
  linkSetVersion: number;
  /** The roll-up version of each program whose roll-ups were summed. */
  rollupVersions: Record<string, number>;
  /** The links in the program when it was summed. */
  linkIds: string[];
  /** Their clicks in each range, from the roll-ups (unfolded counters not included). */
  clicks: Record<WindowedRange, number>;
  /** Their clicks in each hour of the day before `day` and of `day` that has an hour roll-up, by the hour's ISO start (what `24h` adds up). */
  hours: Record<string, number>;
  /**
   * Each link's clicks in each range (links with none left out): what the users report adds up per
   * owner; a read may ask for one range only. Null when not kept: too large for one document.
   */
  linkClicks: Partial<Record<WindowedRange, Record<string, number>>> | null;
  /**
   * Each link's fair share in each range (links with none left out): what the fairness report's rows
   * are worked out from, with `linkClicks`. Kept, and null, with `linkClicks`.
   */
  linkShares: Partial<Record<WindowedRange, Record<string, number>>> | null;
  /** The visits this program served in each range (the fairness report's `visits`: a moved link's past visits stay where they were served). */
  served: Record<WindowedRange, number>;
  /**
   * Its links' visits in each range that other programs served (they were there before), by serving
   * program: the outcome report counts those of a program that no longer exists (merged away) here.
   */
  servedElsewhere: Record<WindowedRange, Record<string, number>>;
  /** The version of the program's traffic roll-ups (raised by each traffic fold that writes them) its requests not counted were summed at. */
  trafficVersion: number;
  /** The program's requests not counted in each range, by reason, from its traffic roll-ups (shards left out). */
  notCounted: Record<WindowedRange, ReasonCounts>;
  /** The same in each folded hour of the day before `day` and of `day` that has any, by the hour's ISO start (what `24h` adds up). */
  notCountedHours: Record<string, ReasonCounts>;
}

/**
 * The most a window's per-link sums (clicks and fair shares) may take, as JSON (stored, a number takes
 * 8 bytes where JSON spells a fair share in up to 18 characters): with its link ids and the rest,
 * inside Firestore's 1 MiB per document. About 2,000 links with clicks in every range; a program with
 * more keeps none, and the users and fairness reports read the links' roll-ups instead. Reads ask for
 * one range's maps only (a field mask), so a large window costs its reader little.
 */
export const LINK_CLICKS_MAX_CHARS = 800_000;

/** The shape written here: a stored window of another (older) shape is summed again. */
export const WINDOW_FORMAT = 4;

/** The roll-up versions a window is checked against: of the clicks, by program; of each program's own traffic. */
export interface RollupVersions {
  clicks: ReadonlyMap<string, number>;
  traffic: ReadonlyMap<string, number>;
}

/** Whether a stored window still holds: summed for today, its program's links and every roll-up it read unchanged since. */
export function holds(
  window: ClickWindow | undefined,
  today: string,
  linkSetVersion: number,
  versions: RollupVersions,
): window is ClickWindow {
  return (
    window !== undefined &&
    window.day === today &&
    window.linkSetVersion === linkSetVersion &&
    window.trafficVersion === (versions.traffic.get(window.programId) ?? 0) &&
    Object.entries(window.rollupVersions).every(([id, v]) => (versions.clicks.get(id) ?? 0) === v)
  );
}

/**
 * These links' clicks and fair shares in each range ending `now`'s UTC day, the visits `programId`
 * served in each, and its links' clicks in each folded hour of the day before and of that day, from
 * roll-up tallies that cover every range and those hours (counters left out). `rotationSets`: those
 * the tallies' shares are divided over (rotationSetsOf; a roll-up folded before fair shares were stored).
 */
export function windowClicksOf(
  tallies: readonly ClickTally[],
  linkIds: ReadonlySet<string>,
  now: Date,
  programId: string,
  rotationSets: RotationSets,
): Pick<ClickWindow, "clicks" | "hours" | "linkClicks" | "linkShares" | "served" | "servedElsewhere"> {
  const rollups = tallies.filter((t) => t.kind !== "counter");
  const clicks = {} as Record<WindowedRange, number>;
  const served = {} as Record<WindowedRange, number>;
  const linkClicks: Record<WindowedRange, Record<string, number>> = { "7d": {}, "30d": {}, "3mo": {}, "12mo": {}, all: {} };
  const linkShares: Record<WindowedRange, Record<string, number>> = { "7d": {}, "30d": {}, "3mo": {}, "12mo": {}, all: {} };
  const servedElsewhere: Record<WindowedRange, Record<string, number>> = { "7d": {}, "30d": {}, "3mo": {}, "12mo": {}, all: {} };
  for (const range of WINDOWED_RANGES) {
    const window = windowOf(range, now);
    const elsewhere = servedElsewhere[range];
    for (const tally of rollups) {
      if (tally.programId === programId) continue;
      for (const { sign } of placementsOf(window, tally))
        for (const [linkId, n] of tally.counts.links)
          if (linkIds.has(linkId)) elsewhere[tally.programId] = (elsewhere[tally.programId] ?? 0) + sign * n;
    }
    clicks[range] = 0;
    for (const b of clickBuckets(rollups, window, linkIds)) {
      clicks[range] += b.clicks;
      linkClicks[range][b.linkId] = (linkClicks[range][b.linkId] ?? 0) + b.clicks;
    }
    const figures = fairnessFigures(rollups, window, null, rotationSets);
    served[range] = figures.programVisits.get(programId) ?? 0;
    for (const [linkId, share] of figures.links)
      if (linkIds.has(linkId) && share.fairShare !== 0) linkShares[range][linkId] = share.fairShare;
  }
  const hours: Record<string, number> = {};
  for (const b of clickBuckets(rollups, { kind: "hours", hours: hoursOfWindowDays(utcDay(now)) }, linkIds))
    hours[b.clickDate] = (hours[b.clickDate] ?? 0) + b.clicks;
  const kept = JSON.stringify(linkClicks).length + JSON.stringify(linkShares).length <= LINK_CLICKS_MAX_CHARS;
  return { clicks, hours, served, servedElsewhere, linkClicks: kept ? linkClicks : null, linkShares: kept ? linkShares : null };
}

/** A window's clicks in a range: for `24h`, those of its hours in the range (today's unfolded ones are in counters). */
const windowClicksIn = (window: ClickWindow, range: TimeFilter, hours: ReadonlySet<string>): number =>
  range === "24h" ? Object.entries(window.hours).reduce((n, [hour, c]) => n + (hours.has(hour) ? c : 0), 0) : window.clicks[range];

/**
 * Each program's clicks in the range: its window's for the range plus the counters' clicks of the links
 * in it (a link in no window no longer exists). Every program with a window has an entry, 0 included.
 */
export function programClicksOf(
  windows: ReadonlyMap<string, ClickWindow>,
  counters: readonly ClickTally[],
  timeFilter: TimeFilter,
  now: Date,
): Map<string, number> {
  const range = windowOf(timeFilter, now);
  const hours = new Set(range.kind === "hours" ? range.hours : []);
  const programOfLink = new Map<string, string>();
  const clicks = new Map<string, number>();
  for (const w of windows.values()) {
    for (const id of w.linkIds) programOfLink.set(id, w.programId);
    clicks.set(w.programId, windowClicksIn(w, timeFilter, hours));
  }
  for (const b of clickBuckets(counters, range, new Set(programOfLink.keys()))) {
    const programId = programOfLink.get(b.linkId)!;
    clicks.set(programId, (clicks.get(programId) ?? 0) + b.clicks);
  }
  return clicks;
}

/**
 * Each link's clicks in a range of whole days (links with none left out): its window's sum for the
 * range plus the counters' clicks of it; null when a window keeps no per-link sums, or was read
 * without those of this range.
 */
export function linkClicksOf(
  windows: ReadonlyMap<string, ClickWindow>,
  counters: readonly ClickTally[],
  range: WindowedRange,
  now: Date,
): Map<string, number> | null {
  const clicks = new Map<string, number>();
  const add = (linkId: string, n: number) => clicks.set(linkId, (clicks.get(linkId) ?? 0) + n);
  const linkIds = new Set<string>();
  for (const w of windows.values()) {
    // not kept, or not read (a window read without this range's per-link mask): no figures rather than zeros
    const perLink = w.linkClicks?.[range];
    if (perLink === undefined) return null;
    for (const id of w.linkIds) linkIds.add(id);
    for (const [id, n] of Object.entries(perLink)) add(id, n);
  }
  for (const b of clickBuckets(counters, windowOf(range, now), linkIds)) add(b.linkId, b.clicks);
  return clicks;
}

/** A program as the Overview's rows need it. */
export interface OverviewProgram {
  id: string;
  name: string;
  approved: boolean;
  linkCount: number;
  activeLinkCount: number;
}

const byName = (a: { programName: string; programId: string }, b: { programName: string; programId: string }) =>
  a.programName.localeCompare(b.programName) || a.programId.localeCompare(b.programId);

/**
 * The Overview from every program's current window and the unfolded counters (programClicksOf). Links
 * and active links are the programs' kept counts (a program awaiting approval has none active).
 */
export function overviewOfWindows(
  programs: readonly OverviewProgram[],
  windows: ReadonlyMap<string, ClickWindow>,
  counters: readonly ClickTally[],
  timeFilter: TimeFilter,
  now: Date,
): AnalyticsOverview {
  const clicks = programClicksOf(windows, counters, timeFilter, now);
  const rows = programs.map((p) => ({
    programId: p.id,
    programName: p.name,
    clicks: clicks.get(p.id) ?? 0,
    activeLinks: programActiveLinks(p),
    totalLinks: p.linkCount,
    listed: true,
  }));
  const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + f(r), 0);
  return {
    timeFilter,
    totals: {
      programs: programs.length,
      links: sum((r) => r.totalLinks),
      activeLinks: sum((r) => r.activeLinks),
      clicks: sum((r) => r.clicks),
    },
    programs: rows.sort(byName),
  };
}

/**
 * The fairness report's rows without their links (GET /api/analytics/fairness?links=omit) for a range
 * of whole days, from every program's window and the unfolded counters: each link in a program now
 * has its window's clicks and fair share plus what `counterFigures` (fairnessFigures of the counters)
 * give it, and a program's visits are those it served. Null when a window keeps no per-link sums, or
 * was read without this range's.
 */
export function fairnessRowsOfWindows(
  programs: readonly AnalyticsProgram[],
  windows: ReadonlyMap<string, ClickWindow>,
  counterFigures: ReturnType<typeof fairnessFigures>,
  range: WindowedRange,
): Omit<ProgramFairness, "links">[] | null {
  const rows: Omit<ProgramFairness, "links">[] = [];
  for (const program of programs) {
    const w = windows.get(program.id);
    const clicks = w?.linkClicks?.[range];
    const shares = w?.linkShares?.[range];
    if (!w || clicks === undefined || shares === undefined) return null;
    const links: SharePoint[] = w.linkIds.map((id) => ({
      visits: (clicks[id] ?? 0) + (counterFigures.links.get(id)?.visits ?? 0),
      fairShare: (shares[id] ?? 0) + (counterFigures.links.get(id)?.fairShare ?? 0),
    }));
    rows.push(programFairnessRow(program, w.served[range] + (counterFigures.programVisits.get(program.id) ?? 0), links));
  }
  return rows.sort(byName);
}

/**
 * Each program's visits in a range of whole days as the outcome report counts them
 * (outcome-analytics.ts): those it served, and those of its links now that a program which no longer
 * exists served (merged away); today's counters likewise. Every program in `programs` has an entry.
 */
export function outcomeVisitsOfWindows(
  programs: readonly { id: string }[],
  windows: ReadonlyMap<string, ClickWindow>,
  counters: readonly ClickTally[],
  range: WindowedRange,
  now: Date,
): Map<string, number> {
  const existing = new Set(programs.map((p) => p.id));
  const visits = new Map<string, number>();
  const add = (programId: string, n: number) => visits.set(programId, (visits.get(programId) ?? 0) + n);
  const programOfLink = new Map<string, string>();
  for (const program of programs) {
    const w = windows.get(program.id);
    add(program.id, 0);
    if (!w) continue;
    for (const id of w.linkIds) programOfLink.set(id, program.id);
    add(program.id, w.served[range]);
    for (const [servedBy, n] of Object.entries(w.servedElsewhere[range])) if (!existing.has(servedBy)) add(program.id, n);
  }
  const window = windowOf(range, now);
  for (const tally of counters)
    for (const { sign } of placementsOf(window, tally))
      for (const [linkId, n] of tally.counts.links) {
        const programId = existing.has(tally.programId) ? tally.programId : programOfLink.get(linkId);
        if (programId !== undefined) add(programId, sign * n);
      }
  return visits;
}

/**
 * A program's requests not counted in each range ending `now`'s UTC day, and in each folded hour of
 * the day before and of that day, from its traffic roll-ups (`tallies`: days, months and hours; shards left out).
 */
export function windowTrafficOf(
  tallies: readonly TrafficTally[],
  programId: string,
  now: Date,
): Pick<ClickWindow, "notCounted" | "notCountedHours"> {
  const rollups = tallies.filter((t) => t.kind !== "counter" && t.programId === programId);
  const notCounted = Object.fromEntries(
    WINDOWED_RANGES.map((range) => [range, notCountedIn(windowOf(range, now), rollups).get(programId) ?? noReasons()]),
  ) as Record<WindowedRange, ReasonCounts>;
  const hours = new Set(hoursOfWindowDays(utcDay(now)));
  const notCountedHours: Record<string, ReasonCounts> = {};
  for (const t of rollups) if (t.kind === "hour" && hours.has(t.period)) addReasons((notCountedHours[t.period] ??= noReasons()), t.counts);
  return { notCounted, notCountedHours };
}

/**
 * Each program's requests not counted in the range, by reason: its window's for the range (for `24h`,
 * those of its hours in the range) plus the unfolded shards' (`shards`, of every program: a program
 * without a window is one that no longer exists, and the report leaves it out).
 */
export function notCountedOfWindows(
  windows: ReadonlyMap<string, ClickWindow>,
  shards: readonly TrafficTally[],
  timeFilter: TimeFilter,
  now: Date,
): Map<string, ReasonCounts> {
  const range = windowOf(timeFilter, now);
  const notCounted = notCountedIn(range, shards);
  const inRange = new Set(range.kind === "hours" ? range.hours : []);
  for (const w of windows.values()) {
    let sum = notCounted.get(w.programId);
    if (!sum) notCounted.set(w.programId, (sum = noReasons()));
    if (timeFilter === "24h") {
      for (const [hour, counts] of Object.entries(w.notCountedHours)) if (inRange.has(hour)) addReasons(sum, counts);
    } else addReasons(sum, w.notCounted[timeFilter as WindowedRange]);
  }
  return notCounted;
}
