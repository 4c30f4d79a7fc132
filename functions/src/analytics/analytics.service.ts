import { utcDay } from "@hub/contract/dates";
import type {
  ClickRecord,
  OwnLinkStatsResponse,
  ProgramFairness,
  ProgramReportQuery,
  TimeFilter,
  UserAnalytics,
} from "@hub/contract/analytics";
import type { Caller } from "../accounts/caller";
import { ownersOutOfRotation, ownerWeights, ownerWeightsOfMost } from "../accounts/users.store";
import { getProgramsByIds } from "../catalog/programs.store";
import { programActiveLinks, programHoldsLinksOut } from "../links/link-availability";
import { readConsistently, readRotationSets } from "../visits/visits.store";
import {
  readAnalytics,
  readOwnLinks,
  readProgramPage,
  readProgramTallies,
  type AnalyticsLink,
  type AnalyticsProgram,
  type RollupDetail,
} from "./analytics.store";
import { clickBuckets, clickRecords, clicksPerLink, userAnalytics, userRowsOf } from "./analytics-records";
import { fairnessRowsFromWindows, linkClicksFromWindows } from "./click-windows.service";
import { seriesPeriods, windowOf, type AnalyticsWindow } from "./analytics-window";
import { programReadsFor, readsFor } from "./rollup-reads";
import {
  fairnessFigures,
  hasFairShare,
  programFairnessRow,
  rotationSetsOf,
  roundedShare,
  shareRatioOf,
  type FairnessFigures,
  type LinkShare,
} from "./fair-shares";

/** The window of a time range and what analytics reads for it, at one point in time (`detail`: AnalyticsReads). */
export async function snapshotFor(timeFilter: TimeFilter, now: Date, detail?: RollupDetail) {
  const window = windowOf(timeFilter, now);
  return { window, snapshot: await readAnalytics({ ...readsFor(window), detail }) };
}

/** Every record of the window, in order: what GET /api/analytics/clicks gives a page at a time (dashboard.service). */
export async function clicksIn(timeFilter: TimeFilter, now = new Date()): Promise<ClickRecord[]> {
  const { window, snapshot } = await snapshotFor(timeFilter, now);
  return clickRecords(snapshot, window);
}

/**
 * GET /api/analytics/users: sums per link of the records' buckets, read without the last-click times
 * the records carry (the records themselves, links × 42, are never built).
 */
export async function usersIn(timeFilter: TimeFilter, now = new Date()): Promise<UserAnalytics[]> {
  // from the programs' click windows' per-link sums when they can be used (the same figures); 24h
  // reads its hours' roll-ups, few beside a range of days
  const [fromWindows, heldBack] = await Promise.all([
    timeFilter === "24h" ? null : linkClicksFromWindows(timeFilter, now),
    ownersOutOfRotation(),
  ]);
  if (fromWindows) {
    // the kept facts of each link, with what they leave out: its owner's standing and its program's approval
    const programs = new Map(fromWindows.programs.map((p) => [p.id, p]));
    const links = fromWindows.links.map((l) => ({
      email: l.email,
      visitCount: l.visitCount,
      active: l.countedActive && !heldBack.has(l.email) && !programHoldsLinksOut(programs.get(l.programId) ?? null),
    }));
    return userRowsOf(links, clickRowsOf(fromWindows.links, fromWindows.clicks));
  }
  const { programs, links, clicks } = await linkClicksFromRollups(timeFilter, now);
  return userAnalytics({ programs, links, tallies: [] }, clickRowsOf(links, clicks), heldBack, utcDay(now));
}

/** Each link's clicks as the owner's records. */
const clickRowsOf = (links: readonly { id: string; email: string }[], clicks: ReadonlyMap<string, number>) => {
  const emails = new Map(links.map((l) => [l.id, l.email]));
  return [...clicks].map(([linkId, n]) => ({ linkEmail: emails.get(linkId)!, totalClicks: n }));
};

/**
 * Every program and link, and each link's clicks in the range, from every link and the range's
 * roll-ups: what the click windows answer faster.
 */
async function linkClicksFromRollups(timeFilter: TimeFilter, now: Date) {
  const window = windowOf(timeFilter, now);
  const { programs, links, tallies } = await readAnalytics({ ...readsFor(window), detail: "clicks" });
  return { programs, links, clicks: clicksPerLink(clickBuckets(tallies, window, new Set(links.map((l) => l.id)))) };
}

/** A gone program has none. */
const programActiveLinksIn = (program: Parameters<typeof programActiveLinks>[0] | undefined) => (program ? programActiveLinks(program) : 0);

const NO_SHARE: LinkShare = { visits: 0, fairShare: 0, series: new Map() };

/**
 * GET /api/analytics/fairness: per program (by name), its counted visits and, over its links with a
 * fair share in the window, Jain's index and the largest deviation. A link's figures include what it
 * got in programs it was in before (a move or a merge); a program's visits are those it served. With
 * `programId`, that program only (read by id, its links' history with it); with `links: "omit"`, the
 * rows without their links.
 */
export async function fairnessIn(query: ProgramReportQuery, now = new Date()): Promise<ProgramFairness[]> {
  const withLinks = query.links !== "omit";
  if (query.programId !== undefined) {
    const found = await programSharesIn(query.programId, query.timeFilter, now);
    return found ? fairnessRowsOf({ ...found, withLinks }) : [];
  }
  // the rows alone: from the programs' click windows when they can be used (the same figures); 24h reads its hours' roll-ups
  if (!withLinks && query.timeFilter !== "24h") {
    const rows = await fairnessRowsFromWindows(query.timeFilter, now);
    if (rows) return rows;
  }
  const { window, snapshot } = await snapshotFor(query.timeFilter, now, "shares");
  const rotationSets = await readRotationSets(rotationSetsOf(snapshot.tallies));
  // the report shows each link's totals, never its series
  const figures = fairnessFigures(snapshot.tallies, window, null, rotationSets);
  return fairnessRowsOf({ programs: snapshot.programs, links: snapshot.links, figures, withLinks });
}

/** One program, the links in it now and their fair-share figures in the range; null when there is no such program. */
async function programSharesIn(programId: string, timeFilter: TimeFilter, now: Date) {
  const window = windowOf(timeFilter, now);
  const page = await readProgramPage(programId, (_links, earliestMonth) => ({
    ...programReadsFor(window, earliestMonth ?? now.toISOString().slice(0, 7)),
    detail: "shares",
  }));
  if (page === null) return null;
  const rotationSets = await readRotationSets(rotationSetsOf(page.tallies));
  return { programs: [page.program], links: page.links, figures: fairnessFigures(page.tallies, window, null, rotationSets) };
}

/** The fairness report's rows from the programs, the links in them now and the window's figures; with `withLinks`, each row's links and their owners' weights. */
async function fairnessRowsOf({
  programs,
  links: allLinks,
  figures,
  withLinks,
}: {
  programs: readonly AnalyticsProgram[];
  links: readonly Pick<AnalyticsLink, "id" | "programId" | "email">[];
  figures: FairnessFigures;
  withLinks: boolean;
}): Promise<ProgramFairness[]> {
  const linksOf = new Map<string, { id: string; email: string }[]>();
  for (const link of allLinks) {
    const links = linksOf.get(link.programId);
    if (links) links.push(link);
    else linksOf.set(link.programId, [link]);
  }
  const rows = programs.map((program) => {
    const links = (linksOf.get(program.id) ?? [])
      .map((l) => ({ link: l, share: figures.links.get(l.id) ?? NO_SHARE }))
      .filter(({ share }) => hasFairShare(share))
      .sort((a, b) => a.link.email.localeCompare(b.link.email) || a.link.id.localeCompare(b.link.id));
    const shares = links.map((l) => l.share);
    return { links, row: programFairnessRow(program, figures.programVisits.get(program.id) ?? 0, shares) };
  });
  // the owners' weights only where links are shown
  const weights = withLinks ? await ownerWeightsOfMost(rows.flatMap((r) => r.links.map((l) => l.link.email))) : new Map<string, number>();
  return rows
    .map(({ row, links }) =>
      withLinks
        ? {
            ...row,
            links: links.map(({ link, share }) => ({
              linkId: link.id,
              email: link.email,
              visits: share.visits,
              fairShare: roundedShare(share.fairShare),
              shareRatio: shareRatioOf(share),
              weight: weights.get(link.email) ?? 1,
            })),
          }
        : row,
    )
    .sort((a, b) => a.programName.localeCompare(b.programName) || a.programId.localeCompare(b.programId));
}

/**
 * GET /api/user/links/stats: each of the caller's links, its visits and fair share in the window and
 * its series. Reads the caller's links, the programs they are and were in (a moved link's past is
 * filed under its former program), and those programs' roll-ups by id: never another member's links,
 * and a cost that follows the member's programs and the window, not the size of the store.
 */
export const ownLinkStatsIn = (caller: Caller, timeFilter: TimeFilter, now = new Date()): Promise<OwnLinkStatsResponse> =>
  linkStatsOfOwner(caller.user.email, timeFilter, now);

/** The same figures for the member with this e-mail (the weekly digest's, for the week that ends at `now`). */
export async function linkStatsOfOwner(email: string, timeFilter: TimeFilter, now = new Date()): Promise<OwnLinkStatsResponse> {
  const window = windowOf(timeFilter, now);
  const links = await readOwnLinks(email);
  if (links.length === 0) return { timeFilter, links: [] };
  const programIds = [...new Set(links.flatMap((l) => [l.programId, ...l.pastProgramIds]))];
  const [{ programs, figures }, weights] = await Promise.all([programFigures(programIds, window, now), ownerWeights([email])]);
  const series = seriesPeriods(window);
  const programById = new Map(programs.map((p) => [p.id, p]));
  return {
    timeFilter,
    links: links
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
      .map((link) => {
        const share = figures.links.get(link.id) ?? NO_SHARE;
        const keys = [...share.series.keys()].sort();
        return {
          linkId: link.id,
          programId: link.programId,
          programName: programById.get(link.programId)?.name ?? "",
          activeLinksInProgram: programActiveLinksIn(programById.get(link.programId)),
          programVisits: figures.programVisits.get(link.programId) ?? 0,
          visits: share.visits,
          fairShare: roundedShare(share.fairShare),
          shareRatio: shareRatioOf(share),
          // the member's own weight: every link of theirs has it
          weight: weights.get(email) ?? 1,
          series: series.periods(keys[0] ?? null).map((start) => {
            const point = share.series.get(start);
            return { start, visits: point?.visits ?? 0, fairShare: roundedShare(point?.fairShare ?? 0) };
          }),
        };
      }),
  };
}

/** These programs, and the visits and fair shares their roll-ups give in the window (every link of theirs). */
async function programFigures(programIds: readonly string[], window: AnalyticsWindow, now: Date) {
  const programs = await getProgramsByIds([...programIds]);
  // all time starts with the oldest of these programs: no visit of theirs is older
  const earliestMonth =
    programs
      .map((p) => p.createdAt.slice(0, 7))
      .filter((m) => m >= "2000")
      .sort()[0] ?? now.toISOString().slice(0, 7);
  // the counts and fair shares only: the last-click maps, as large as the counts, are not used here
  const tallies = await readConsistently((tx) =>
    readProgramTallies(tx, [...programIds], { ...programReadsFor(window, earliestMonth), detail: "shares" }),
  );
  const rotationSets = await readRotationSets(rotationSetsOf(tallies));
  return { programs, figures: fairnessFigures(tallies, window, seriesPeriods(window).keyOf, rotationSets) };
}

/**
 * Every link's visits and fair share in the window across these programs, from one read of their
 * roll-ups: what many members' figures share (the weekly digest reads it once per slice, not once per
 * member). A link's figures are those linkStatsOfOwner gives it: the tallies that name it are all among
 * these programs' when its program and former programs are.
 */
export async function linkFiguresAcross(
  programIds: readonly string[],
  timeFilter: TimeFilter,
  now: Date,
): Promise<Map<string, { visits: number; fairShare: number }>> {
  if (programIds.length === 0) return new Map();
  const { figures } = await programFigures(programIds, windowOf(timeFilter, now), now);
  return new Map([...figures.links].map(([id, share]) => [id, { visits: share.visits, fairShare: roundedShare(share.fairShare) }]));
}
