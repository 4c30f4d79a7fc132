import type { ProgramFairness } from "@hub/contract/analytics";
import { addPeriod, emptyPeriod, fairSharesOf, type RotationSets } from "../visits/period-counts";
import type { AnalyticsProgram, ClickTally } from "./analytics.store";
import { placementsOf } from "./analytics-records";
import type { AnalyticsWindow } from "./analytics-window";

/*
 * Fair shares (docs/architecture.md, *Sticky visitors*, *Fair share*): a link's fair share in a window is the
 * sum, over the periods (UTC days; hours for 24h) in which it was in its program's rotation, of that
 * period's counted visits of the program divided by the number of links then in the rotation. Periods
 * are those of the program that served the visits, so a link moved or merged keeps its past shares.
 * Past days' and months' shares come as the nightly fold stored them; today's (and an hour's) are
 * divided here, over the rotation sets the counters name.
 */

/** A link's visits and fair share in one period of its series. */
export interface SharePoint {
  visits: number;
  fairShare: number;
}

export interface LinkShare extends SharePoint {
  /** By series key (see fairnessFigures). */
  series: Map<string, SharePoint>;
}

export interface FairnessFigures {
  links: Map<string, LinkShare>;
  /** Counted visits per serving program in the window. */
  programVisits: Map<string, number>;
}

/**
 * The tallies whose shares are divided from their counts, grouped per program and period (a day's
 * counter shards, with its day roll-up should a late shard come after the fold; an hour's counter
 * hours and hour roll-up), and those whose shares the fold stored: a month, and a day roll-up alone
 * in its period.
 */
function shareGroups(tallies: readonly ClickTally[]): { stored: ClickTally[]; divided: ClickTally[][] } {
  const stored: ClickTally[] = [];
  const groups = new Map<string, ClickTally[]>();
  for (const tally of tallies) {
    if (tally.kind === "month") {
      stored.push(tally);
      continue;
    }
    const key = `${tally.kind === "hour" ? "hour" : "day"}|${tally.programId}|${tally.period}`;
    const group = groups.get(key);
    if (group) group.push(tally);
    else groups.set(key, [tally]);
  }
  const divided: ClickTally[][] = [];
  for (const group of groups.values()) {
    if (group.length === 1 && group[0]!.storedFair) stored.push(group[0]!);
    else divided.push(group);
  }
  return { stored, divided };
}

/** The rotation sets the tallies' shares are divided over: what to read (readRotationSets) before fairSharesByTally. */
export function rotationSetsOf(tallies: readonly ClickTally[]): Set<string> {
  const ids = new Set<string>();
  for (const group of shareGroups(tallies).divided) for (const tally of group) for (const id of tally.counts.sets) ids.add(id);
  return ids;
}

/**
 * Each tally's fair shares. A month's are those its days' folds added up, a day roll-up's those its
 * fold computed. Otherwise a day's or an hour's are computed from every tally of the same program and
 * period together (its counter shards, and a roll-up should a late shard come after the fold): the
 * period's visits over the union of the links its rotation sets (`rotationSets`, by id) and any
 * older list name, given to the first of them, so that they are divided once, never per shard.
 */
export function fairSharesByTally(tallies: readonly ClickTally[], rotationSets: RotationSets): Map<ClickTally, Map<string, number>> {
  const shares = new Map<ClickTally, Map<string, number>>();
  const { stored, divided } = shareGroups(tallies);
  for (const tally of stored) shares.set(tally, tally.storedFair ?? new Map());
  for (const group of divided) {
    const merged = emptyPeriod();
    for (const tally of group)
      addPeriod(merged, { total: tally.counts.total, sets: [...tally.counts.sets], active: [...tally.counts.active] });
    group.forEach((tally, i) => shares.set(tally, i === 0 ? fairSharesOf(merged, rotationSets) : new Map()));
  }
  return shares;
}

/**
 * Every link's visits and fair share in the window, in total and per series period (`seriesKey` maps
 * a record date to its period: an hour, a day or a month; null: totals only, the series left empty),
 * and each serving program's visits.
 */
export function fairnessFigures(
  tallies: readonly ClickTally[],
  window: AnalyticsWindow,
  seriesKey: ((clickDate: string) => string) | null,
  rotationSets: RotationSets,
): FairnessFigures {
  const shares = fairSharesByTally(tallies, rotationSets);
  const links = new Map<string, LinkShare>();
  const programVisits = new Map<string, number>();
  const add = (linkId: string, key: string | null, field: "visits" | "fairShare", n: number) => {
    let link = links.get(linkId);
    if (!link) links.set(linkId, (link = { visits: 0, fairShare: 0, series: new Map() }));
    link[field] += n;
    if (key === null) return;
    let point = link.series.get(key);
    if (!point) link.series.set(key, (point = { visits: 0, fairShare: 0 }));
    point[field] += n;
  };
  for (const tally of tallies) {
    for (const { clickDate, sign } of placementsOf(window, tally)) {
      programVisits.set(tally.programId, (programVisits.get(tally.programId) ?? 0) + sign * tally.counts.total);
      const key = seriesKey ? seriesKey(clickDate) : null;
      for (const [linkId, n] of tally.counts.links) add(linkId, key, "visits", sign * n);
      for (const [linkId, share] of shares.get(tally) ?? []) add(linkId, key, "fairShare", sign * share);
    }
  }
  return { links, programVisits };
}

/** Below this a fair share is no share: what is left of sums and differences of fractions. */
const NO_SHARE = 1e-9;
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

export const hasFairShare = (share: SharePoint): boolean => share.fairShare > NO_SHARE;

/** visits / fairShare, two decimals; null without a fair share. */
export const shareRatioOf = (share: SharePoint): number | null => (hasFairShare(share) ? round(share.visits / share.fairShare, 2) : null);

export const roundedShare = (fairShare: number): number => (fairShare > NO_SHARE ? round(fairShare, 2) : 0);

/**
 * Jain's fairness index of the links' share ratios, (Σx)² / (n·Σx²): 1 when every link got its fair
 * share, 1/n when one link got everything. Three decimals; null without a link or a visit.
 */
export function jainIndexOf(shares: readonly SharePoint[]): number | null {
  const ratios = shares.filter(hasFairShare).map((s) => s.visits / s.fairShare);
  const sumSquares = ratios.reduce((sum, x) => sum + x * x, 0);
  if (ratios.length === 0 || sumSquares === 0) return null;
  const sum = ratios.reduce((a, b) => a + b, 0);
  return round((sum * sum) / (ratios.length * sumSquares), 3);
}

/** The largest |visits − fairShare| / fairShare among links with a fair share of at least 1; three decimals; null if none. */
export function maxDeviationOf(shares: readonly SharePoint[]): number | null {
  const deviations = shares.filter((s) => s.fairShare >= 1).map((s) => Math.abs(s.visits - s.fairShare) / s.fairShare);
  return deviations.length === 0 ? null : round(Math.max(...deviations), 3);
}

/**
 * A program's row of the fairness report, without its links: its visits (those it served) and, over
 * its links with a fair share in the window (`links`: every link in it now), Jain's index and the largest deviation.
 */
export function programFairnessRow(
  program: Pick<AnalyticsProgram, "id" | "name" | "distributionMode">,
  visits: number,
  links: readonly SharePoint[],
): Omit<ProgramFairness, "links"> {
  const shares = links.filter(hasFairShare);
  return {
    programId: program.id,
    programName: program.name,
    mode: program.distributionMode,
    visits,
    jainIndex: visits > 0 ? jainIndexOf(shares) : null,
    maxDeviation: visits > 0 ? maxDeviationOf(shares) : null,
  };
}
