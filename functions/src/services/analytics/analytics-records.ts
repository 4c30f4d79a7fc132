import type { ClickRecord, UserAnalytics } from "../../contract/analytics";
import type { AnalyticsSnapshot } from "../../data/analytics.repo";
import { isActiveLink } from "../link-state";
import { monthRecordDate, recordDateOf, type WindowPlan } from "./analytics-window";

/** A share of a total in percent with one decimal; 0 of nothing is 0. */
export const percentOf = (part: number, total: number): number => (total > 0 ? Math.round((part / total) * 1000) / 10 : 0);

interface Bucket {
  linkId: string;
  clickDate: string;
  clicks: number;
  lastClickedAt: Date | null;
}

/**
 * The window's clicks, one record per link and day (the last 30 days of the window) or per link and
 * month (older), for links that still exist, under the program each link is in now (a moved link and
 * a merged program take their history along). Newest day first, then by link.
 */
export function clickRecords(snapshot: AnalyticsSnapshot, plan: WindowPlan): ClickRecord[] {
  const links = new Map(snapshot.links.map((l) => [l.id, l]));
  const programNames = new Map(snapshot.programs.map((p) => [p.id, p.name]));
  const buckets = new Map<string, Bucket>();
  for (const tally of snapshot.tallies) {
    const clickDate = tally.kind === "month" ? monthRecordDate(tally.period) : recordDateOf(plan, tally.period);
    if (clickDate === null) continue;
    for (const [linkId, n] of tally.counts) {
      if (!links.has(linkId) || n <= 0) continue;
      const key = `${linkId}|${clickDate}`;
      const bucket = buckets.get(key) ?? { linkId, clickDate, clicks: 0, lastClickedAt: null };
      bucket.clicks += n;
      const at = tally.lastClickedAt.get(linkId);
      if (at && (!bucket.lastClickedAt || at > bucket.lastClickedAt)) bucket.lastClickedAt = at;
      buckets.set(key, bucket);
    }
  }
  return [...buckets.values()]
    .sort((a, b) => b.clickDate.localeCompare(a.clickDate) || a.linkId.localeCompare(b.linkId))
    .map((b) => {
      const link = links.get(b.linkId)!;
      return {
        programId: link.programId,
        programName: programNames.get(link.programId) ?? "",
        linkId: b.linkId,
        linkEmail: link.email,
        totalClicks: b.clicks,
        clickDate: b.clickDate,
        // a roll-up written before last-click times were kept: the end of its period is the best bound
        clickedAt: (b.lastClickedAt ?? new Date(`${b.clickDate}T00:00:00Z`)).toISOString(),
      };
    });
}

/**
 * Per link owner: clicks in the window (from the records), all-time clicks (the links' counts), each as
 * a share of its total, and active links. Every owner of a link is listed; the screen hides the idle.
 * By all-time clicks, then e-mail.
 */
export function userAnalytics(snapshot: AnalyticsSnapshot, records: ClickRecord[], ownersHeldBack: Set<string>): UserAnalytics[] {
  const byEmail = new Map<string, { clicks: number; allTimeClicks: number; activeLinks: number }>();
  const owner = (email: string) => {
    let row = byEmail.get(email);
    if (!row) byEmail.set(email, (row = { clicks: 0, allTimeClicks: 0, activeLinks: 0 }));
    return row;
  };
  for (const link of snapshot.links) {
    const row = owner(link.email);
    row.allTimeClicks += link.visitCount;
    if (isActiveLink(link, ownersHeldBack)) row.activeLinks += 1;
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
