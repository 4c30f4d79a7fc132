import { utcDay } from "@hub/contract/dates";
import type { AnalyticsOverview, ProgramFairness, TimeFilter } from "@hub/contract/analytics";
import { countsHold } from "../catalog/programs.store";
import { forEachLimited } from "../platform/concurrency";
import { readConsistently, readRotationSets } from "../visits/visits.store";
import type { ReasonCounts } from "../visits/traffic-counts";
import type { AnalyticsProgram, ProgramReads } from "./analytics.store";
import type { CountedLinkFacts } from "../links/link-facts.store";
import { programReadsFor } from "./rollup-reads";
import { windowOf } from "./analytics-window";
import { fairnessFigures, rotationSetsOf } from "./fair-shares";
import {
  fairnessRowsOfWindows,
  holds,
  notCountedOfWindows,
  outcomeVisitsOfWindows,
  hoursOfWindowDays,
  linkClicksOf,
  overviewOfWindows,
  programClicksOf,
  windowClicksOf,
  windowTrafficOf,
  WINDOWED_RANGES,
  type ClickWindow,
  type WindowedRange,
} from "./click-windows";
import { listProgramIds } from "../catalog/program-facts.store";
import {
  readOverviewStateIn,
  readRollupVersionsIn,
  readWindowInputsIn,
  saveClickWindows,
  type WindowReadOptions,
} from "./click-windows.store";

/** Programs summed at once by one read: each is a few reads of a few dozen roll-ups. */
const SUMS_AT_ONCE = 8;
/**
 * The most out-of-date windows a read sums itself (a program's links changed, a late fold). More (a
 * new day before the nightly refresh, the first read ever) and the Overview counts the links instead:
 * summing every program's window is the nightly job's work (a minute at 10,000 links here).
 */
export const SUMS_IN_A_READ = 20;

/**
 * The roll-ups every range of a window reads, each once (all time from `earliestMonth`), and the hour
 * roll-ups of the day before (and its day roll-up's hours, if folded before hour roll-ups existed).
 */
function windowReads(now: Date, earliestMonth: string): ProgramReads {
  const reads = WINDOWED_RANGES.map((range) => programReadsFor(windowOf(range, now), earliestMonth));
  const hours = hoursOfWindowDays(utcDay(now));
  return {
    // the counts and what fair shares are worked out from
    detail: "shares",
    days: [...new Set(reads.flatMap((r) => r.days))],
    months: [...new Set(reads.flatMap((r) => r.months))],
    hours,
    hourDays: [],
    foldedHourDays: [hours[0]!.slice(0, 10)],
  };
}

/** One program's click window for `now`'s day, from what readWindowInputsIn read; null when there is no such program. */
async function windowFrom(
  programId: string,
  now: Date,
  inputs: Awaited<ReturnType<typeof readWindowInputsIn>>,
): Promise<ClickWindow | null> {
  if (!inputs) return null;
  // sets never change: read outside the transaction (only a roll-up folded before fair shares were stored names any)
  const rotationSets = await readRotationSets(rotationSetsOf(inputs.tallies));
  return {
    programId,
    day: utcDay(now),
    linkSetVersion: inputs.linkSetVersion,
    rollupVersions: Object.fromEntries(inputs.rollupVersions),
    linkIds: inputs.linkIds,
    ...windowClicksOf(inputs.tallies, new Set(inputs.linkIds), now, programId, rotationSets),
    trafficVersion: inputs.trafficVersion,
    ...windowTrafficOf(inputs.traffic, programId, now),
  };
}

/** What a program's window reads, given the first month its roll-ups have (none: this month). */
const readsFor = (now: Date) => (earliestMonth: string | null) => windowReads(now, earliestMonth ?? now.toISOString().slice(0, 7));

/**
 * Every program with its kept counts, its click window for `now`'s day (those out of date summed again
 * in the same read, and stored) and the unfolded counters, read at one point in time; with what
 * `options` asks beside (the windows' per-link sums of a range, their fair shares, every link). Null
 * when the programs' kept counts cannot be used (one is due for a recount, or a link is in a program
 * that no longer exists) or too many windows are out of date: the caller counts the links themselves.
 */
async function currentWindows(timeFilter: TimeFilter, now: Date, options: Omit<WindowReadOptions, "hours"> = {}) {
  const today = utcDay(now);
  const found = await readConsistently(async (tx) => {
    const state = await readOverviewStateIn(tx, { hours: timeFilter === "24h", ...options });
    if (!state.programs.every((p) => countsHold(p, today)) || state.programs.reduce((n, p) => n + p.linkCount, 0) !== state.links)
      return null;
    const versions = await readRollupVersionsIn(tx, [
      ...state.programs.map((p) => p.id),
      ...[...state.windows.values()].flatMap((w) => Object.keys(w.rollupVersions)),
    ]);
    const summed: ClickWindow[] = [];
    const outOfDate = state.programs.filter((p) => !holds(state.windows.get(p.id), today, p.linkSetVersion, versions));
    if (outOfDate.length > SUMS_IN_A_READ) return null;
    await forEachLimited(outOfDate, SUMS_AT_ONCE, async (p) => {
      const window = await windowFrom(p.id, now, await readWindowInputsIn(tx, p.id, readsFor(now)));
      if (window) summed.push(window);
    });
    return { ...state, summed };
  });
  if (found === null) return null;
  for (const w of found.summed) found.windows.set(w.programId, w);
  await saveClickWindows(found.summed);
  return found;
}

/** GET /api/analytics/overview from the programs' click windows; null when they cannot be used (currentWindows). */
export async function overviewFromWindows(timeFilter: TimeFilter, now: Date): Promise<AnalyticsOverview | null> {
  const found = await currentWindows(timeFilter, now);
  return found && overviewOfWindows(found.programs, found.windows, found.counters, timeFilter, now);
}

/**
 * Every program, its clicks in the range (0 included) and its requests not counted, by reason, from
 * the click windows and the unfolded counters and traffic shards read with them; null when they cannot
 * be used (currentWindows).
 */
export async function trafficFromWindows(
  timeFilter: TimeFilter,
  now: Date,
): Promise<{ programs: AnalyticsProgram[]; counted: Map<string, number>; notCounted: Map<string, ReasonCounts> } | null> {
  const found = await currentWindows(timeFilter, now, { traffic: true });
  return (
    found && {
      programs: found.programs,
      counted: programClicksOf(found.windows, found.counters, timeFilter, now),
      notCounted: notCountedOfWindows(found.windows, found.trafficShards, timeFilter, now),
    }
  );
}

/**
 * Sums every program's click window for `now`'s day and stores it: after the nightly fold (which
 * changes the roll-ups they are summed from), so that the day's first Overview finds them current.
 * Answers how many it stored.
 */
export async function refreshClickWindows(now: Date): Promise<number> {
  const summed: ClickWindow[] = [];
  await forEachLimited(await listProgramIds(), SUMS_AT_ONCE, async (programId) => {
    const window = await windowFrom(programId, now, await readConsistently((tx) => readWindowInputsIn(tx, programId, readsFor(now))));
    if (window) summed.push(window);
  });
  await saveClickWindows(summed);
  return summed.length;
}

/**
 * Every program, every link's figures (CountedLinkFacts: the programs' kept counts hold today, so
 * the facts counting keeps on each link are current), and each link's clicks in a range of whole days
 * (links with none left out), from the click windows' per-link sums; null when they cannot be used
 * (currentWindows) or a window keeps none (a program too large for them).
 */
export async function linkClicksFromWindows(
  range: WindowedRange,
  now: Date,
): Promise<{ programs: AnalyticsProgram[]; links: CountedLinkFacts[]; clicks: Map<string, number> } | null> {
  const found = await currentWindows(range, now, { perLink: range, links: true });
  if (found === null || found.linkDocs === null) return null;
  const clicks = linkClicksOf(found.windows, found.counters, range, now);
  return clicks && { programs: found.programs, links: found.linkDocs, clicks };
}

/**
 * The fairness report's rows without their links for a range of whole days, from the click windows'
 * per-link clicks and fair shares and the unfolded counters; null when they cannot be used
 * (currentWindows) or a window keeps no per-link sums.
 */
export async function fairnessRowsFromWindows(range: WindowedRange, now: Date): Promise<Omit<ProgramFairness, "links">[] | null> {
  const found = await currentWindows(range, now, { perLink: range, shares: true });
  if (found === null) return null;
  const rotationSets = await readRotationSets(rotationSetsOf(found.counters));
  const counterFigures = fairnessFigures(found.counters, windowOf(range, now), null, rotationSets);
  return fairnessRowsOfWindows(found.programs, found.windows, counterFigures, range);
}

/**
 * Every program and its visits in a range of whole days as the outcome report counts them
 * (outcomeVisitsOfWindows), from the click windows and the unfolded counters; null when they cannot
 * be used (currentWindows).
 */
export async function outcomeVisitsFromWindows(
  range: WindowedRange,
  now: Date,
): Promise<{ programs: AnalyticsProgram[]; visits: Map<string, number> } | null> {
  const found = await currentWindows(range, now);
  return found && { programs: found.programs, visits: outcomeVisitsOfWindows(found.programs, found.windows, found.counters, range, now) };
}
