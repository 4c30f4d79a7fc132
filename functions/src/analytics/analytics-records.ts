import type { ClickRecord, UserAnalytics } from "@hub/contract/analytics";
import type { AnalyticsSnapshot, ClickTally } from "./analytics.store";
import { linkAvailability } from "../links/link-availability";
import { monthRecordDate, recordDateOf, type AnalyticsWindow, type DayRange, type MonthPart, type WindowPlan } from "./analytics-window";

/** A share of a total in percent with one decimal; 0 of nothing is 0. */
export const percentOf = (part: number, total: number): number => (total > 0 ? Math.round((part / total) * 1000) / 10 : 0);

const inRange = (day: string, range: DayRange) => day >= range.from && day <= range.to;
const endOfDay = (day: string) => new Date(`${day}T23:59:59.999Z`);

/** Where a tally's visits go in a window: a record date (+1), or a month part it is subtracted from (-1). */
export interface Placement {
  clickDate: string;
  sign: 1 | -1;
  part?: MonthPart;
}

/** A window in hours takes its hours' tallies, each as its own record; one in days, the rest (below). */
export function placementsOf(window: AnalyticsWindow, tally: ClickTally): Placement[] {
  if (window.kind === "hours")
    return tally.kind === "hour" && window.hours.includes(tally.period) ? [{ clickDate: tally.period, sign: 1 }] : [];
  return tally.kind === "hour" ? [] : destinations(window.plan, tally);
}

/**
 * Where a roll-up's visits go, each with a sign: a record date (+1), and for a day that a month part
 * leaves out, that part's record (-1). The month roll-ups hold folded days only, like the day
 * roll-ups they are subtracted from; an unfolded counter is in neither, so it only ever adds.
 */
function destinations(plan: WindowPlan, tally: ClickTally): Placement[] {
  if (tally.kind === "month") {
    const part = plan.parts.find((p) => p.month === tally.period);
    if (part) return [{ clickDate: monthRecordDate(part.month), sign: 1, part }];
    const whole = plan.months && (plan.months.from === null || tally.period >= plan.months.from) && tally.period <= plan.months.to;
    return whole ? [{ clickDate: monthRecordDate(tally.period), sign: 1 }] : [];
  }
  const day = tally.period;
  const out: Placement[] = [];
  const date = recordDateOf(plan, day);
  if (date !== null && (tally.kind === "counter" || day >= plan.dailyFrom || plan.dayRanges.some((r) => inRange(day, r))))
    out.push({ clickDate: date, sign: 1 });
  if (tally.kind === "day") {
    for (const part of plan.parts)
      if (part.less.some((r) => inRange(day, r))) out.push({ clickDate: monthRecordDate(part.month), sign: -1, part });
  }
  return out;
}

/** One link's clicks on one record date of a window (a record of GET /api/analytics/clicks before its names). */
export interface ClickBucket {
  linkId: string;
  clickDate: string;
  clicks: number;
  lastClickedAt: Date | null;
}

/**
 * The window's clicks per link and record date: the day (the last 30 days of the window), the month's
 * first day (older) or the hour's start (24h), for the links `links` names (those that still exist),
 * without order. Every figure of the dashboard is a sum of these, so each agrees with the records.
 */
export function clickBuckets(tallies: readonly ClickTally[], window: AnalyticsWindow, links: ReadonlySet<string>): ClickBucket[] {
  const buckets = new Map<string, ClickBucket>();
  for (const tally of tallies) {
    for (const { clickDate, sign, part } of placementsOf(window, tally)) {
      for (const [linkId, n] of tally.counts.links) {
        if (!links.has(linkId)) continue;
        const key = `${linkId}|${clickDate}`;
        let bucket = buckets.get(key);
        if (!bucket) buckets.set(key, (bucket = { linkId, clickDate, clicks: 0, lastClickedAt: null }));
        bucket.clicks += sign * n;
        let at = sign > 0 ? tally.counts.lastClickedAt.get(linkId) : undefined;
        // a month's last click that falls in the days a part leaves out: the part's end is the best bound
        if (at && part && !inRange(at.toISOString().slice(0, 10), part)) at = endOfDay(part.to);
        if (at && (!bucket.lastClickedAt || at > bucket.lastClickedAt)) bucket.lastClickedAt = at;
      }
    }
  }
  return [...buckets.values()].filter((b) => b.clicks > 0);
}

/** Each link's clicks in the window: the sum of its buckets. */
export function clicksPerLink(buckets: readonly ClickBucket[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const b of buckets) sums.set(b.linkId, (sums.get(b.linkId) ?? 0) + b.clicks);
  return sums;
}

/** The order of the records, newest first, then by link: total, so a page's cursor names one place in it. */
export const compareRecordKeys = (a: Pick<ClickBucket, "clickDate" | "linkId">, b: Pick<ClickBucket, "clickDate" | "linkId">): number =>
  b.clickDate.localeCompare(a.clickDate) || (a.linkId < b.linkId ? -1 : a.linkId > b.linkId ? 1 : 0);

/**
 * The window's clicks, one record per link and day (the last 30 days of the window) or per link and
 * month (older), or per link and hour (24h), for links that still exist, under the program each link
 * is in now (a moved link and a merged program take their history along). Newest first, then by link.
 */
export function clickRecords(snapshot: AnalyticsSnapshot, window: AnalyticsWindow): ClickRecord[] {
  return clickRecordsPage(snapshot, window, null, Infinity).records;
}

/**
 * One page of the records: the first `limit` after `after` (a place in their order; null for the
 * first page), and whether more follow. Only the page's records are built: the buckets before the
 * cursor are passed over, and those after the page are counted, not turned into records.
 */
export function clickRecordsPage(
  snapshot: AnalyticsSnapshot,
  window: AnalyticsWindow,
  after: Pick<ClickBucket, "clickDate" | "linkId"> | null,
  limit: number,
): { records: ClickRecord[]; more: boolean } {
  const links = new Map(snapshot.links.map((l) => [l.id, l]));
  const programNames = new Map(snapshot.programs.map((p) => [p.id, p.name]));
  const buckets = clickBuckets(snapshot.tallies, window, new Set(links.keys()));
  const left = (after === null ? buckets : buckets.filter((b) => compareRecordKeys(b, after) > 0)).sort(compareRecordKeys);
  const records = left.slice(0, limit).map((b) => {
    const link = links.get(b.linkId)!;
    return {
      programId: link.programId,
      programName: programNames.get(link.programId) ?? "",
      linkId: b.linkId,
      linkEmail: link.email,
      totalClicks: b.clicks,
      clickDate: b.clickDate,
      // a roll-up without last-click times (none are written so, but the field is optional): its date
      clickedAt: (b.lastClickedAt ?? new Date(b.clickDate.length > 10 ? b.clickDate : `${b.clickDate}T00:00:00Z`)).toISOString(),
    };
  });
  return { records, more: left.length > limit };
}

/**
 * Per link owner: clicks in the window (from the records), all-time clicks (the links' counts), each as
 * a share of its total, and active links. Every owner of a link is listed; the screen hides the idle.
 * By all-time clicks, then e-mail.
 */
export function userAnalytics(
  snapshot: AnalyticsSnapshot,
  records: readonly Pick<ClickRecord, "linkEmail" | "totalClicks">[],
  ownersHeldBack: Set<string>,
  today: string,
): UserAnalytics[] {
  const programs = new Map(snapshot.programs.map((p) => [p.id, p]));
  const links = snapshot.links.map((link) => ({
    email: link.email,
    visitCount: link.visitCount,
    active:
      linkAvailability({ link, program: programs.get(link.programId) ?? null, ownerHeldBack: ownersHeldBack.has(link.email) }, today)
        .outReason === null,
  }));
  return userRowsOf(links, records);
}

/** A link as the users report counts it: its owner, its all-time visits, whether it is in the rotation now. */
export interface OwnedLinkFigures {
  email: string;
  visitCount: number;
  active: boolean;
}

/** The users report's rows from every link's figures and the window's clicks (the records' or their per-link sums). */
export function userRowsOf(
  links: readonly OwnedLinkFigures[],
  records: readonly Pick<ClickRecord, "linkEmail" | "totalClicks">[],
): UserAnalytics[] {
  const byEmail = new Map<string, { clicks: number; allTimeClicks: number; activeLinks: number }>();
  const owner = (email: string) => {
    let row = byEmail.get(email);
    if (!row) byEmail.set(email, (row = { clicks: 0, allTimeClicks: 0, activeLinks: 0 }));
    return row;
  };
  for (const link of links) {
    const row = owner(link.email);
    row.allTimeClicks += link.visitCount;
    if (link.active) row.activeLinks += 1;
  }
  for (const record of records) owner(record.linkEmail).clicks += record.totalClicks ?? 1;
  const totalClicks = [...byEmail.values()].reduce((sum, r) => sum + r.clicks, 0);
  const totalAllTime = [...byEmail.values()].reduce((sum, r) => sum + r.allTimeClicks, 0);
  return [...byEmail.entries()]
    .map(([email, r]) => ({
      email,
      clicks: r.clicks,
      clickPercentage: percentOf(r.clicks, totalClicks),
      allTimeClicks: r.allTimeClicks,
      allTimePercentage: percentOf(r.allTimeClicks, totalAllTime),
      activeLinks: r.activeLinks,
    }))
    .sort((a, b) => b.allTimeClicks - a.allTimeClicks || a.email.localeCompare(b.email));
}
