import { utcDay } from "@hub/contract/dates";
import {
  CLICK_PAGE_LIMIT,
  type AnalyticsOverview,
  type ClickAnalyticsQuery,
  type ClickRecord,
  type ProgramClickAnalytics,
  type TimeFilter,
} from "@hub/contract/analytics";
import { ownersOutOfRotation, ownersOutOfRotationAmong } from "../accounts/users.store";
import { ApiError } from "../platform/api-error";
import { readAnalytics, readProgramPage } from "./analytics.store";
import { clickBuckets, clickRecordsPage } from "./analytics-records";
import { programReadsFor, readsFor } from "./rollup-reads";
import { windowOf } from "./analytics-window";
import { dailyPlan, overviewOf, programPageOf, seriesPlan } from "./dashboard-figures";
import { decodeClickCursor, encodeClickCursor } from "./click-cursor";
import { overviewFromWindows } from "./click-windows.service";

/** GET /api/analytics/overview: the totals and every program's clicks, links and active links. */
export async function overviewIn(timeFilter: TimeFilter, now = new Date()): Promise<AnalyticsOverview> {
  // from the programs' click windows when they can be used (the same figures)
  return (await overviewFromWindows(timeFilter, now)) ?? overviewFromLinks(timeFilter, now);
}

/** The Overview from every link and the roll-ups of the range: what the click windows answer faster. */
export async function overviewFromLinks(timeFilter: TimeFilter, now = new Date()): Promise<AnalyticsOverview> {
  const window = windowOf(timeFilter, now);
  const [snapshot, heldBack] = await Promise.all([readAnalytics({ ...readsFor(window), detail: "clicks" }), ownersOutOfRotation()]);
  const buckets = clickBuckets(snapshot.tallies, window, new Set(snapshot.links.map((l) => l.id)));
  return overviewOf(snapshot, buckets, heldBack, utcDay(now), timeFilter);
}

/**
 * The window's clicks per program the links are in now, programs with clicks only: the click records
 * summed per program, without building the records, from every link and the range's roll-ups (the
 * traffic report's `counted` when the click windows cannot be used).
 */
export async function clicksPerProgramIn(timeFilter: TimeFilter, now = new Date()): Promise<Map<string, number>> {
  const window = windowOf(timeFilter, now);
  const snapshot = await readAnalytics({ ...readsFor(window), detail: "clicks" });
  const programOf = new Map(snapshot.links.map((l) => [l.id, l.programId]));
  const sums = new Map<string, number>();
  for (const b of clickBuckets(snapshot.tallies, window, new Set(programOf.keys()))) {
    const programId = programOf.get(b.linkId)!;
    sums.set(programId, (sums.get(programId) ?? 0) + b.clicks);
  }
  return sums;
}

/**
 * GET /api/analytics/programs/{id}: the program's chart and its links' clicks, from its own roll-ups
 * and those of the programs its links were in, read by id; all time from the first month they have.
 */
export async function programPageIn(programId: string, timeFilter: TimeFilter, now = new Date()): Promise<ProgramClickAnalytics> {
  const plan = seriesPlan(timeFilter, now);
  const page = await readProgramPage(programId, (_links, earliestMonth) => ({
    ...programReadsFor(plan.window, earliestMonth ?? now.toISOString().slice(0, 7)),
    detail: "clicks",
  }));
  if (page === null) throw new ApiError("NOT_FOUND", "Not found");
  // whose links the owner holds back: as kept on the links once the program is counted (what its
  // active count, and so the Overview, use), else from the owners' documents
  const heldBack = page.countsKept
    ? new Set(page.links.filter((l) => l.ownerHeldBack).map((l) => l.email))
    : await ownersOutOfRotationAmong([...new Set(page.links.map((l) => l.email))]);
  const buckets = clickBuckets(page.tallies, plan.window, new Set(page.links.map((l) => l.id)));
  const plans = { series: plan, daily: dailyPlan(timeFilter, now) };
  return programPageOf(page.program, page.links, buckets, plans, heldBack, utcDay(now), timeFilter);
}

/**
 * GET /api/analytics/clicks: one page of the records in their order (newest first, then by link) and
 * the cursor of the next, or null on the last. The cursor keeps the first page's moment, so every page
 * reads the same window and each record comes exactly once, on one page.
 */
export async function clickPageIn(query: ClickAnalyticsQuery, now = new Date()): Promise<{ records: ClickRecord[]; next: string | null }> {
  const cursor = query.cursor === undefined ? null : decodeClickCursor(query.cursor);
  const at = cursor?.at ?? now;
  const window = windowOf(query.timeFilter, at);
  const snapshot = await readAnalytics(readsFor(window));
  // one program's links only: the records of the others are never built
  const scoped =
    query.programId === undefined ? snapshot : { ...snapshot, links: snapshot.links.filter((l) => l.programId === query.programId) };
  // only the page's records are built: those before the cursor are passed over
  const { records, more } = clickRecordsPage(scoped, window, cursor?.after ?? null, query.limit ?? CLICK_PAGE_LIMIT);
  const last = records.at(-1);
  return { records, next: last && more ? encodeClickCursor({ at, after: { clickDate: last.clickDate, linkId: last.linkId } }) : null };
}
