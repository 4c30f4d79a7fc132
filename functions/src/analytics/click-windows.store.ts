import { FieldPath, type DocumentSnapshot, type Transaction } from "firebase-admin/firestore";
import { logger } from "firebase-functions";
import { countedProgramFactsIn, linkSetVersionIn, type CountedProgramFacts } from "../catalog/program-facts.store";
import { linkCountIn, programLinkHistoryIn, type CountedLinkFacts } from "../links/link-facts.store";
import { forEachLimited } from "../platform/concurrency";
import { COLLECTIONS, db } from "../platform/db";
import { rollupVersionRef } from "../visits/visits.store";
import {
  COUNTER_COUNT_FIELDS,
  COUNTER_SHARE_FIELDS,
  counterTalliesOf,
  readCountedLinksIn,
  earliestMonthIn,
  programsHoldingHistory,
  readProgramTallies,
  type ClickTally,
  type ProgramReads,
} from "./analytics.store";
import { uniqueDocs } from "./roll-up-reads.store";
import { WINDOW_FORMAT, WINDOWED_RANGES, type ClickWindow, type RollupVersions, type WindowedRange } from "./click-windows";
import { readProgramTrafficIn, readTrafficShardsIn, type TrafficTally } from "./traffic.store";
import { addReasons, noReasons, type ReasonCounts } from "../visits/traffic-counts";

/**
 * click_windows/{programId}: a program's links' clicks in each day range, summed from the roll-ups
 * (click-windows.ts says when such a sum still holds). Written by whoever summed it: the nightly
 * refresh, or a read that found it out of date.
 */
const windowRef = (programId: string) => db().collection(COLLECTIONS.clickWindows).doc(programId);

/** A program as the Overview reads it: what analytics reads of it, its kept counts and the version of its set of links. */
export type CountedProgram = CountedProgramFacts;

const countOf = (value: unknown) => (typeof value === "number" ? value : 0);

/** What every read of a window takes: all but the per-link sums (and whether it keeps them). */
const WINDOW_FIELDS = [
  "format",
  "day",
  "linkSetVersion",
  "rollupVersions",
  "linkIds",
  "clicks",
  "served",
  "servedElsewhere",
  "hours",
  "trafficVersion",
  "notCounted",
  "notCountedHours",
  "linkClicksKept",
] as const;

/** What a read of the windows asks for beside their totals (readOverviewStateIn). */
export interface WindowReadOptions {
  /** The counters' hours too (24h). */
  hours: boolean;
  /** The windows' per-link clicks of this range. */
  perLink?: WindowedRange;
  /** With `perLink`: the per-link fair shares too, and the counters' rotation sets (the fairness report's). */
  shares?: boolean;
  /** Every link's figures as well (the users report's: CountedLinkFacts). */
  links?: boolean;
  /** Every unfolded traffic shard as well (the traffic report's; with `hours`, their hours too). */
  traffic?: boolean;
}

/** The fields of a window to read: with `perLink`, that range's per-link sums too (and its fair shares, with `shares`). */
const windowMask = ({ perLink, shares }: WindowReadOptions): (string | FieldPath)[] => [
  ...WINDOW_FIELDS,
  ...(perLink === undefined ? [] : [new FieldPath("linkClicks", perLink)]),
  ...(perLink !== undefined && shares ? [new FieldPath("linkShares", perLink)] : []),
];

/**
 * In a read-only transaction: every program with its counts, how many links there are, every unfolded
 * counter (their counts only; with `hours`, also each hour's; with `shares`, their rotation sets), and
 * the stored click windows of those programs (with what `options` asks of their per-link sums); with
 * `links`, every link.
 */
export async function readOverviewStateIn(
  tx: Transaction,
  options: WindowReadOptions,
): Promise<{
  programs: CountedProgram[];
  links: number;
  counters: ClickTally[];
  windows: Map<string, ClickWindow>;
  linkDocs: CountedLinkFacts[] | null;
  trafficShards: TrafficTally[];
}> {
  const pendingCounters = uniqueDocs(tx, [
    db()
      .collection(COLLECTIONS.clickCounters)
      .select(...(options.shares ? COUNTER_SHARE_FIELDS : COUNTER_COUNT_FIELDS), ...(options.hours ? ["hours"] : [])),
  ]).then((docs) => docs.flatMap((d) => counterTalliesOf(d, options.hours)));
  const pendingPrograms = countedProgramFactsIn(tx);
  // every read at once, each as soon as what it needs is in: the windows follow the programs, and the
  // links (the longest read) need only the counters' unfolded visits once both are in
  const [programs, windowDocs, linkCount, counters, trafficShards, linkDocs] = await Promise.all([
    pendingPrograms,
    pendingPrograms.then((programs) =>
      programs.length > 0 ? tx.getAll(...programs.map((p) => windowRef(p.id)), { fieldMask: windowMask(options) }) : [],
    ),
    // with every link read, they are their count: the aggregate would scan them again
    options.links ? null : linkCountIn(tx),
    pendingCounters,
    options.traffic ? readTrafficShardsIn(tx, options.hours) : [],
    options.links ? readCountedLinksIn(tx, pendingCounters) : null,
  ]);
  const windows = new Map<string, ClickWindow>();
  for (const doc of windowDocs) {
    const window = clickWindowOf(doc);
    if (window) windows.set(window.programId, window);
  }
  return { programs, links: linkDocs?.length ?? linkCount ?? 0, counters, windows, linkDocs, trafficShards };
}

const countsOf = (value: unknown): Record<string, number> =>
  typeof value === "object" && value !== null ? Object.fromEntries(Object.entries(value).map(([k, n]) => [k, countOf(n)])) : {};

/** A stored click window (with what the read's mask gave of its per-link sums), or null when there is none or it is of another shape. */
function clickWindowOf(doc: DocumentSnapshot): ClickWindow | null {
  if (!doc.exists || doc.get("format") !== WINDOW_FORMAT) return null;
  const clicks = numberPerRange(doc.get("clicks"));
  const served = numberPerRange(doc.get("served"));
  const versions = doc.get("rollupVersions") as Record<string, unknown> | undefined;
  const linkIds = doc.get("linkIds") as unknown;
  if (clicks === null || served === null || typeof versions !== "object" || versions === null || !Array.isArray(linkIds)) return null;
  if (typeof doc.get("servedElsewhere") !== "object") return null;
  const notCounted = doc.get("notCounted") as Record<string, unknown> | undefined;
  if (typeof notCounted !== "object" || notCounted === null) return null;
  const kept = doc.get("linkClicksKept") === true;
  const elsewhere = byRangeRead(doc.get("servedElsewhere"));
  return {
    programId: doc.id,
    day: String(doc.get("day")),
    linkSetVersion: countOf(doc.get("linkSetVersion")),
    rollupVersions: countsOf(versions),
    linkIds: linkIds.filter((id): id is string => typeof id === "string"),
    clicks,
    served,
    servedElsewhere: Object.fromEntries(WINDOWED_RANGES.map((r) => [r, elsewhere[r] ?? {}])) as Record<
      WindowedRange,
      Record<string, number>
    >,
    hours: countsOf(doc.get("hours")),
    trafficVersion: countOf(doc.get("trafficVersion")),
    notCounted: Object.fromEntries(WINDOWED_RANGES.map((r) => [r, addReasons(noReasons(), notCounted[r])])) as Record<
      WindowedRange,
      ReasonCounts
    >,
    notCountedHours: Object.fromEntries(
      Object.entries((doc.get("notCountedHours") ?? {}) as Record<string, unknown>).map(([hour, counts]) => [
        hour,
        addReasons(noReasons(), counts),
      ]),
    ),
    linkClicks: kept ? byRangeRead(doc.get("linkClicks")) : null,
    linkShares: kept ? byRangeRead(doc.get("linkShares")) : null,
  };
}

/** A stored number for every range (a window's `clicks`, `served`), or null when one is missing. */
function numberPerRange(value: unknown): Record<WindowedRange, number> | null {
  if (typeof value !== "object" || value === null) return null;
  const byRange = value as Record<string, unknown>;
  if (!WINDOWED_RANGES.every((r) => typeof byRange[r] === "number")) return null;
  return Object.fromEntries(WINDOWED_RANGES.map((r) => [r, byRange[r] as number])) as Record<WindowedRange, number>;
}

/** A window's sums by range and id (per link, or per serving program) as read: the ranges the read's mask gave. */
function byRangeRead(value: unknown): Partial<Record<WindowedRange, Record<string, number>>> {
  const byRange = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  return Object.fromEntries(WINDOWED_RANGES.filter((r) => byRange[r] !== undefined).map((r) => [r, countsOf(byRange[r])]));
}

/** The current versions of each of these programs' click roll-ups and traffic roll-ups (0: never folded). */
export async function readRollupVersionsIn(tx: Transaction, programIds: readonly string[]): Promise<RollupVersions> {
  const ids = [...new Set(programIds)];
  const docs = ids.length > 0 ? await tx.getAll(...ids.map(rollupVersionRef), { fieldMask: ["version", "traffic"] }) : [];
  return {
    clicks: new Map(docs.map((d) => [d.id, countOf(d.get("version"))])),
    traffic: new Map(docs.map((d) => [d.id, countOf(d.get("traffic"))])),
  };
}

/**
 * What one program's click window is summed from, in the transaction: its links now and the version
 * of that set, the roll-ups `readsOf` names (given the first month they have, null: none) of the
 * programs that hold their history (it, and those its links were in) with those programs' roll-up
 * versions, and its own traffic roll-ups of those days (and of the days of `hours`) with their
 * version. Null when there is no such program.
 */
export async function readWindowInputsIn(
  tx: Transaction,
  programId: string,
  readsOf: (earliestMonth: string | null) => ProgramReads,
): Promise<{
  linkIds: string[];
  linkSetVersion: number;
  rollupVersions: Map<string, number>;
  tallies: ClickTally[];
  trafficVersion: number;
  traffic: TrafficTally[];
} | null> {
  const [linkSetVersion, links] = await Promise.all([linkSetVersionIn(tx, programId), programLinkHistoryIn(tx, programId)]);
  if (linkSetVersion === null) return null;
  const historyIn = programsHoldingHistory([programId], links);
  const [versions, earliest] = await Promise.all([readRollupVersionsIn(tx, [programId, ...historyIn]), earliestMonthIn(tx, historyIn)]);
  const reads = readsOf(earliest);
  const [tallies, traffic] = await Promise.all([
    readProgramTallies(tx, historyIn, reads, { counters: false }),
    readProgramTrafficIn(tx, programId, reads.days, [...new Set(reads.hours.map((h) => h.slice(0, 10)))]),
  ]);
  return {
    linkIds: links.map((l) => l.id),
    linkSetVersion,
    rollupVersions: new Map(historyIn.map((id) => [id, versions.clicks.get(id) ?? 0])),
    tallies,
    trafficVersion: versions.traffic.get(programId) ?? 0,
    traffic,
  };
}

/**
 * Stores click windows, each replacing the program's last: one write each, a few at once (a batch of
 * many, with their per-link sums, could pass the size of one request). A window that cannot be
 * stored (a program of tens of thousands of links passes 1 MiB) is only logged: storing saves the
 * next read its sums, and the read that summed it answers from it all the same.
 */
export async function saveClickWindows(windows: readonly ClickWindow[]): Promise<void> {
  await forEachLimited(windows, 8, async (w) => {
    try {
      await windowRef(w.programId).set({ ...w, format: WINDOW_FORMAT, linkClicksKept: w.linkClicks !== null && w.linkShares !== null });
    } catch (err) {
      logger.warn("click window not stored", { programId: w.programId, error: err instanceof Error ? err.message : String(err) });
    }
  });
}
