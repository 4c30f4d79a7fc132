import { DOCUMENT_ID_PATTERN, textField } from "./common";
import { distributionModeSchema } from "./programs";
import { z } from "./zod";

/** The time ranges of /analytics, longest first (the screen lists them in this order). */
export const TIME_FILTERS = ["all", "12mo", "3mo", "30d", "7d", "24h"] as const;
export const timeFilterSchema = z.enum(TIME_FILTERS, { error: "timeFilter must be one of all, 12mo, 3mo, 30d, 7d, 24h" });
export type TimeFilter = z.infer<typeof timeFilterSchema>;

/**
 * Days each range covers: that many UTC calendar days ending today, so a window
 * starts at a UTC midnight. `all` has no start. `24h` is not counted in days but in hours: the
 * current hour and the 23 before it (HOURLY_WINDOW_HOURS), which reach into yesterday.
 */
export const WINDOW_DAYS: Record<Exclude<TimeFilter, "all" | "24h">, number> = { "7d": 7, "30d": 30, "3mo": 90, "12mo": 365 };

/** The hourly buckets of `24h`: the current, partial, hour and the 23 before it. */
export const HOURLY_WINDOW_HOURS = 24;

/** The last days of a window that come as one record per link per day (the daily chart's reach). */
export const DAILY_RECORD_DAYS = 30;

// GET /api/analytics/clicks?timeFilter= and /users?timeFilter=
export const analyticsQuerySchema = z.object({ timeFilter: timeFilterSchema });

const PROGRAM_ID_MESSAGE = "programId must be a program's id";
/** A query's optional program: one program's id. */
const programIdQueryField = textField(PROGRAM_ID_MESSAGE).regex(DOCUMENT_ID_PATTERN, { error: PROGRAM_ID_MESSAGE }).optional();

/**
 * GET /api/analytics/fairness and /outcomes: the range; `programId`: that program's row only (none
 * when no such program); `links=omit`: each program's row without its `links` (what the dashboard's
 * table shows until a row is opened, when it asks for that program's). Without either, every program
 * with its links, as the contract first defined the reports.
 */
export const programReportQuerySchema = z.object({
  timeFilter: timeFilterSchema,
  programId: programIdQueryField,
  links: z.enum(["omit"], { error: "links must be omit" }).optional(),
});
export type ProgramReportQuery = z.infer<typeof programReportQuerySchema>;

/**
 * One link's clicks on one UTC day (`clickDate` YYYY-MM-DD, `clickedAt` that day's last click), or,
 * older than the window's last 30 days, in one calendar month (`clickDate` = the month's first day,
 * `clickedAt` its last click in the window). For `24h`, in one hour (`clickDate` = the hour's start,
 * ISO: 2026-11-24T13:00:00.000Z).
 */
export const clickRecordSchema = z.object({
  programId: z.string(),
  /** Empty when the program has no name (the screen shows 'Unknown Program'). */
  programName: z.string(),
  linkId: z.string(),
  linkEmail: z.string(),
  /** Absent in older clients' records, which the screen counts as 1 click each. */
  totalClicks: z.number().int().optional(),
  clickDate: z.string(),
  clickedAt: z.string(),
});
export type ClickRecord = z.infer<typeof clickRecordSchema>;
export const clickRecordListSchema = z.array(clickRecordSchema);

/**
 * The most click records one page of GET /api/analytics/clicks holds: a 2nd-gen function answers at
 * most 32 MB, and a page of these stays near 2 MB however large the community grows.
 */
export const CLICK_PAGE_LIMIT = 10_000;

export const CLICK_CURSOR_MESSAGE = "cursor must be the one a previous page's Link header named";
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${String(CLICK_PAGE_LIMIT)}`;

/**
 * GET /api/analytics/clicks: the range, optionally one program's links, and a page. Without `cursor`
 * the first page; the next page's address (with its opaque `cursor`) is in the `Link: <…>; rel="next"`
 * header (RFC 8288), absent on the last page, so the body stays the list of records.
 */
export const clickAnalyticsQuerySchema = z.object({
  timeFilter: timeFilterSchema,
  programId: programIdQueryField,
  limit: textField(LIMIT_MESSAGE)
    .regex(/^[1-9]\d{0,4}$/, { error: LIMIT_MESSAGE })
    .transform(Number)
    .pipe(z.number().max(CLICK_PAGE_LIMIT, { error: LIMIT_MESSAGE }))
    .optional(),
  cursor: textField(CLICK_CURSOR_MESSAGE)
    .regex(/^[A-Za-z0-9_-]{1,400}$/, { error: CLICK_CURSOR_MESSAGE })
    .optional(),
});
export type ClickAnalyticsQuery = z.infer<typeof clickAnalyticsQuerySchema>;

/*
 * The dashboard's answers: each shaped for one screen and bounded by what that screen shows (programs,
 * one program's links, a chart's points), never by the number of click records in the range.
 */

/** A chart's period: per hour for 24h, per UTC day up to 30 days, per week (from Monday, UTC) for 3 months, per calendar month beyond. */
export const SERIES_UNITS = ["hour", "day", "week", "month"] as const;
export type SeriesUnit = (typeof SERIES_UNITS)[number];

/** Clicks per period, oldest first, every period of the range (0 where none); at most a few hundred points. */
export const clickSeriesSchema = z.object({
  unit: z.enum(SERIES_UNITS),
  points: z.array(
    z.object({
      /** The period's start: an hour's ISO time, or a day, a week's Monday or a month's first day (YYYY-MM-DD). */
      start: z.string(),
      clicks: z.number().int(),
    }),
  ),
});
export type ClickSeries = z.infer<typeof clickSeriesSchema>;

/**
 * The specification's 'Daily Clicks' chart: "1 day for 24h, 7 days for 7d, otherwise 30 days; missing
 * days count as 0". The one day of 24h is drawn hour by hour (its 24 hours); the longer ranges keep
 * their own view beside it (per week for 3 months, per month beyond), never instead of it.
 */
export const DAILY_CHART_DAYS = { "24h": 1, "7d": 7, "30d": 30, "3mo": 30, "12mo": 30, all: 30 } as const satisfies Record<
  TimeFilter,
  number
>;

/** One program's line in the Overview: its links' clicks in the range, its links and active links now. */
export const programClicksRowSchema = z.object({
  programId: z.string(),
  /** Empty when the program has no name (the screen shows 'Unknown Program'). */
  programName: z.string(),
  clicks: z.number().int(),
  activeLinks: z.number().int(),
  totalLinks: z.number().int(),
  /** False for links whose program no longer exists: their clicks count in the totals, and the row cannot be opened. */
  listed: z.boolean(),
});
export type ProgramClicksRow = z.infer<typeof programClicksRowSchema>;

// GET /api/analytics/overview?timeFilter=
export const analyticsOverviewSchema = z.object({
  timeFilter: timeFilterSchema,
  /** Every program and link now (active: in the rotation, as the rotation decides), and the range's clicks. */
  totals: z.object({
    programs: z.number().int(),
    links: z.number().int(),
    activeLinks: z.number().int(),
    clicks: z.number().int(),
  }),
  /** Every program, by name: the clicks of the links in it now (a moved link takes its clicks along). */
  programs: z.array(programClicksRowSchema),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;

/** One link of a program, as the Programs tab lists its owners: the link's clicks in the range. */
export const programLinkClicksSchema = z.object({
  linkId: z.string(),
  email: z.string(),
  /** The name given with the link. */
  name: z.string(),
  createdAt: z.string(),
  isActive: z.boolean(),
  clicks: z.number().int(),
});
export type ProgramLinkClicks = z.infer<typeof programLinkClicksSchema>;

// GET /api/analytics/programs/{id}?timeFilter=
export const programClickAnalyticsSchema = z.object({
  timeFilter: timeFilterSchema,
  programId: z.string(),
  programName: z.string(),
  /** The program's links' clicks per period of the range. */
  series: clickSeriesSchema,
  /** The 'Daily Clicks' chart (DAILY_CHART_DAYS): per hour for 24h, else per UTC day of the last 7 or 30 days to today. */
  daily: clickSeriesSchema,
  /** Every link in the program now, with or without clicks, oldest first. */
  links: z.array(programLinkClicksSchema),
});
export type ProgramClickAnalytics = z.infer<typeof programClickAnalyticsSchema>;

/** One link owner: clicks in the window, all-time clicks, shares of each total (one decimal), active links. */
export const userAnalyticsSchema = z.object({
  email: z.string(),
  clicks: z.number().int(),
  clickPercentage: z.number(),
  allTimeClicks: z.number().int(),
  allTimePercentage: z.number(),
  activeLinks: z.number().int(),
});
export type UserAnalytics = z.infer<typeof userAnalyticsSchema>;
export const userAnalyticsListSchema = z.array(userAnalyticsSchema);

/*
 * Fair share (docs/architecture.md, *Sticky visitors*, *Fair share*). A link's fair share in a window is the sum,
 * over the periods (UTC days; hours for 24h) in which it was in its program's rotation, of that
 * period's counted visits of the program times the link's weight, divided by the sum of the weights
 * of the links then in the rotation (with every weight 1: divided by their number).
 * shareRatio = visits / fairShare (two decimals), null when the fair share is 0.
 */

/** One period of a link's series: per hour for 24h, per day up to 30d, per month beyond. */
export const fairSharePointSchema = z.object({
  /** The period's start: an hour's ISO time, a day (YYYY-MM-DD) or a month's first day. */
  start: z.string(),
  visits: z.number().int(),
  fairShare: z.number(),
});
export type FairSharePoint = z.infer<typeof fairSharePointSchema>;

/** One of the caller's own links: its visits in the window against an equal share of its program's. */
export const ownLinkStatsSchema = z.object({
  linkId: z.string(),
  programId: z.string(),
  programName: z.string(),
  /** Links active in the program now, the member's own included. */
  activeLinksInProgram: z.number().int(),
  /** The program's counted visits in the window. */
  programVisits: z.number().int(),
  visits: z.number().int(),
  fairShare: z.number(),
  shareRatio: z.number().nullable(),
  /** The link's weight in the rotation now: its owner's tier weight (tiers.ts). */
  weight: z.number().int(),
  series: z.array(fairSharePointSchema),
});
export type OwnLinkStats = z.infer<typeof ownLinkStatsSchema>;

// GET /api/user/links/stats?timeFilter=
export const ownLinkStatsResponseSchema = z.object({ timeFilter: timeFilterSchema, links: z.array(ownLinkStatsSchema) });
export type OwnLinkStatsResponse = z.infer<typeof ownLinkStatsResponseSchema>;

/** One link of a program in the fairness report (links with a fair share above 0 in the window). */
export const linkFairnessSchema = z.object({
  linkId: z.string(),
  email: z.string(),
  visits: z.number().int(),
  fairShare: z.number(),
  shareRatio: z.number().nullable(),
  /** The link's weight in the rotation now: its owner's tier weight (tiers.ts). */
  weight: z.number().int(),
});
export type LinkFairness = z.infer<typeof linkFairnessSchema>;

/**
 * One program in the fairness report: its counted visits, Jain's index of its links' share ratios
 * (1 = perfectly fair, three decimals) and the largest |visits − fairShare| / fairShare among links
 * with a fair share of at least 1 (three decimals); both null when the program had no counted visit.
 */
export const programFairnessSchema = z.object({
  programId: z.string(),
  programName: z.string(),
  mode: distributionModeSchema,
  visits: z.number().int(),
  jainIndex: z.number().nullable(),
  maxDeviation: z.number().nullable(),
  /** Left out when asked with `links=omit`. */
  links: z.array(linkFairnessSchema).optional(),
});
export type ProgramFairness = z.infer<typeof programFairnessSchema>;
export const fairnessReportSchema = z.array(programFairnessSchema);

/** Below this Jain's index, or above this largest deviation, a program stands out in the report. */
export const FAIRNESS_THRESHOLDS = { jainIndex: 0.95, maxDeviation: 0.1 } as const;

export const standsOut = (program: Pick<ProgramFairness, "jainIndex" | "maxDeviation">): boolean =>
  (program.jainIndex !== null && program.jainIndex < FAIRNESS_THRESHOLDS.jainIndex) ||
  (program.maxDeviation !== null && program.maxDeviation > FAIRNESS_THRESHOLDS.maxDeviation);

/** Why a request to a rotation address was answered but not counted (docs/architecture.md, *Honest counts*). */
export const NOT_COUNTED_REASONS = ["bot", "repeatVisitor", "repeatAddress", "unavailable"] as const;
export type NotCountedReason = (typeof NOT_COUNTED_REASONS)[number];

/**
 * One program in the traffic report: every request to its rotation address in the window, the
 * counted ones (the links' counted visits) and the others by reason; `filteredShare` is the repeats'
 * share of all requests (three decimals; null with no request).
 */
export const programTrafficSchema = z.object({
  programId: z.string(),
  programName: z.string(),
  requests: z.number().int(),
  counted: z.number().int(),
  notCounted: z.object({
    bot: z.number().int(),
    repeatVisitor: z.number().int(),
    repeatAddress: z.number().int(),
    unavailable: z.number().int(),
  }),
  filteredShare: z.number().nullable(),
});
export type ProgramTraffic = z.infer<typeof programTrafficSchema>;
export const trafficReportSchema = z.array(programTrafficSchema);

/** A program stands out in the traffic report when over this share of at least this many requests were repeats: someone may be pumping it. */
export const TRAFFIC_THRESHOLDS = { filteredShare: 0.2, minRequests: 50 } as const;

export const trafficStandsOut = (program: Pick<ProgramTraffic, "filteredShare" | "requests">): boolean =>
  program.requests >= TRAFFIC_THRESHOLDS.minRequests &&
  program.filteredShare !== null &&
  program.filteredShare > TRAFFIC_THRESHOLDS.filteredShare;
