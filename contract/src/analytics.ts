import { z } from "./zod";

/** The time ranges of /analytics, longest first (spec section 2; the screen lists them in this order). */
export const TIME_FILTERS = ["all", "12mo", "3mo", "30d", "7d", "24h"] as const;
export const timeFilterSchema = z.enum(TIME_FILTERS, { error: "timeFilter must be one of all, 12mo, 3mo, 30d, 7d, 24h" });
export type TimeFilter = z.infer<typeof timeFilterSchema>;

/**
 * Days each range covers (spec section 9): that many UTC calendar days ending today, so a window
 * starts at a UTC midnight (24h = today since 00:00 UTC). `all` has no start.
 */
export const WINDOW_DAYS: Record<Exclude<TimeFilter, "all">, number> = { "24h": 1, "7d": 7, "30d": 30, "3mo": 90, "12mo": 365 };

/** The last days of a window that come as one record per link per day (the daily chart's reach). */
export const DAILY_RECORD_DAYS = 30;

// GET /api/analytics/clicks?timeFilter= and /users?timeFilter=
export const analyticsQuerySchema = z.object({ timeFilter: timeFilterSchema });

/**
 * One link's clicks on one UTC day (`clickDate` YYYY-MM-DD, `clickedAt` that day's last click), or,
 * older than the window's last 30 days, in one calendar month (`clickDate` = the month's first day,
 * `clickedAt` its last click in the window).
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
