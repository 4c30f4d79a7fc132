import {
  DAILY_CHART_DAYS,
  type AnalyticsOverview,
  type ClickSeries,
  type ProgramClickAnalytics,
  type SeriesUnit,
  type TimeFilter,
} from "@hub/contract/analytics";
import type { AnalyticsLink, AnalyticsProgram, AnalyticsSnapshot, ProgramPageLink } from "./analytics.store";
import { clicksPerLink, type ClickBucket } from "./analytics-records";
import { daysOfRange, planWindow, windowOf, type AnalyticsWindow } from "./analytics-window";
import { linkAvailability } from "../links/link-availability";

/*
 * The dashboard's answers (GET /api/analytics/overview and /analytics/programs/{id}): sums of the same
 * buckets the click records are made of (analytics-records.ts), so every figure agrees with the
 * records, while the answer's size follows the programs and the chart's points, not the records.
 */

const DAY_MS = 86_400_000;
const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonth = (month: string) => {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
};

/** The Monday (UTC) of the week a day falls in: weeks run Monday to Sunday, as ISO 8601 has them. */
export function mondayOf(day: string): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  const sinceMonday = (new Date(time).getUTCDay() + 6) % 7;
  return new Date(time - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/**
 * How a range is charted: per hour for 24h, per day for 7d and 30d, per week for 3mo, per month for 12mo
 * and all time (at most a few hundred points whatever the range). `window` is what the buckets are
 * read and dated in: for weeks every day of the range must come as a day (the usual window has months
 * beyond its last 30 days), so its plan counts all of them day by day.
 */
export interface SeriesPlan {
  unit: SeriesUnit;
  window: AnalyticsWindow;
  /** The period a bucket's date (an hour's ISO start, a day, a month's first day) belongs to. */
  keyOf: (clickDate: string) => string;
  /** Every period of the range, oldest first; all time from `earliest` (the first with clicks), or this month. */
  periods: (earliest: string | null) => string[];
}

export function seriesPlan(filter: TimeFilter, now: Date): SeriesPlan {
  const window = windowOf(filter, now);
  if (window.kind === "hours") return { unit: "hour", window, keyOf: (hour) => hour, periods: () => window.hours };
  const { plan } = window;
  if (filter === "7d" || filter === "30d")
    return { unit: "day", window, keyOf: (day) => day, periods: () => daysOfRange({ from: plan.start!, to: plan.today }) };
  if (filter === "3mo") {
    const start = plan.start!;
    const daily = planWindow(filter, now);
    const everyDay: AnalyticsWindow = { kind: "days", plan: { ...daily, dailyFrom: start, months: null, dayRanges: [], parts: [] } };
    const periods = () => {
      const weeks: string[] = [];
      for (
        let week = mondayOf(start);
        week <= plan.today;
        week = new Date(Date.parse(`${week}T00:00:00Z`) + 7 * DAY_MS).toISOString().slice(0, 10)
      )
        weeks.push(week);
      return weeks;
    };
    return { unit: "week", window: everyDay, keyOf: mondayOf, periods };
  }
  return {
    unit: "month",
    window,
    keyOf: firstOfMonth,
    periods: (earliest) => {
      const thisMonth = firstOfMonth(plan.today);
      const from = plan.start !== null ? firstOfMonth(plan.start) : earliest !== null && earliest < thisMonth ? earliest : thisMonth;
      const months: string[] = [];
      for (let month = from; month <= thisMonth; month = nextMonth(month)) months.push(month);
      return months;
    },
  };
}

/**
 * The 'Daily Clicks' chart's plan (DAILY_CHART_DAYS): the range's own for 24h (its hours), 7d and 30d;
 * the last 30 UTC days for the longer ranges, whose windows read those days day by day (the 3-month
 * plan every day, the others from dailyFrom), so their buckets hold them as days.
 */
export function dailyPlan(filter: TimeFilter, now: Date): SeriesPlan {
  const plan = seriesPlan(filter, now);
  if (plan.unit === "hour" || plan.unit === "day" || plan.window.kind === "hours") return plan;
  const today = plan.window.plan.today;
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - (DAILY_CHART_DAYS[filter] - 1) * DAY_MS).toISOString().slice(0, 10);
  return { unit: "day", window: plan.window, keyOf: (day) => day, periods: () => daysOfRange({ from, to: today }) };
}

/** The buckets' clicks per period of the plan, 0 in periods without any (and buckets outside its periods left out). */
export function seriesOf(buckets: readonly ClickBucket[], plan: SeriesPlan): ClickSeries {
  const sums = new Map<string, number>();
  for (const b of buckets) {
    const key = plan.keyOf(b.clickDate);
    sums.set(key, (sums.get(key) ?? 0) + b.clicks);
  }
  const earliest = [...sums.keys()].sort()[0] ?? null;
  return { unit: plan.unit, points: plan.periods(earliest).map((start) => ({ start, clicks: sums.get(start) ?? 0 })) };
}

/** Whether the rotation counts the link as active today: its own decision (linkAvailability), as GET /api/links says. */
const isActive = (link: AnalyticsLink, program: AnalyticsProgram | null, heldBack: ReadonlySet<string>, today: string) =>
  linkAvailability({ link, program, ownerHeldBack: heldBack.has(link.email) }, today).outReason === null;

const byName = (a: { programName: string; programId: string }, b: { programName: string; programId: string }) =>
  a.programName.localeCompare(b.programName) || a.programId.localeCompare(b.programId);

/**
 * The Overview: every program and link now, and the range's clicks, in total and per program (under
 * the program each link is in now). A program that no longer exists but whose links had clicks keeps
 * its share as a row that is not `listed`.
 */
export function overviewOf(
  snapshot: AnalyticsSnapshot,
  buckets: readonly ClickBucket[],
  heldBack: ReadonlySet<string>,
  today: string,
  timeFilter: TimeFilter,
): AnalyticsOverview {
  const perLink = clicksPerLink(buckets);
  const programs = new Map(snapshot.programs.map((p) => [p.id, p]));
  const rows = new Map(
    snapshot.programs.map((p) => [p.id, { programId: p.id, programName: p.name, clicks: 0, activeLinks: 0, totalLinks: 0, listed: true }]),
  );
  let activeLinks = 0;
  let clicks = 0;
  for (const link of snapshot.links) {
    const program = programs.get(link.programId) ?? null;
    let row = rows.get(link.programId);
    if (!row)
      rows.set(
        link.programId,
        (row = { programId: link.programId, programName: "", clicks: 0, activeLinks: 0, totalLinks: 0, listed: false }),
      );
    const linkClicks = perLink.get(link.id) ?? 0;
    const active = isActive(link, program, heldBack, today);
    row.totalLinks += 1;
    row.clicks += linkClicks;
    clicks += linkClicks;
    if (active) {
      row.activeLinks += 1;
      activeLinks += 1;
    }
  }
  return {
    timeFilter,
    totals: { programs: snapshot.programs.length, links: snapshot.links.length, activeLinks, clicks },
    programs: [...rows.values()].filter((r) => r.listed || r.clicks > 0).sort(byName),
  };
}

/** One program's page: its links' clicks per period and each link's clicks, oldest link first. */
export function programPageOf(
  program: AnalyticsProgram,
  links: readonly (AnalyticsLink & Pick<ProgramPageLink, "name" | "createdAt">)[],
  buckets: readonly ClickBucket[],
  plans: { series: SeriesPlan; daily: SeriesPlan },
  heldBack: ReadonlySet<string>,
  today: string,
  timeFilter: TimeFilter,
): ProgramClickAnalytics {
  const perLink = clicksPerLink(buckets);
  return {
    timeFilter,
    programId: program.id,
    programName: program.name,
    series: seriesOf(buckets, plans.series),
    daily: seriesOf(buckets, plans.daily),
    links: [...links]
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
      .map((link) => ({
        linkId: link.id,
        email: link.email,
        name: link.name,
        createdAt: link.createdAt,
        isActive: isActive(link, program, heldBack, today),
        clicks: perLink.get(link.id) ?? 0,
      })),
  };
}
