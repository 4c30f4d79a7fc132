import { fairnessIn, ownLinkStatsIn, usersIn } from "./analytics.service";
import type { RouteHandlers } from "../route-handlers";
import type { AppDeps } from "../platform/deps";
import { clickPageIn, overviewIn, programPageIn } from "./dashboard.service";
import { outcomesIn } from "./outcome-analytics.service";
import { trafficIn } from "./traffic.service";

/**
 * Click analytics: for the admin, clicks per link per day (per month past 30 days, per hour for 24h),
 * a page at a time, the dashboard's totals, programs and one program's chart and links, per link
 * owner, and the rotation's fairness per program; for a member, their own links' visits against their
 * fair share; the requests to each rotation address that were not counted, by reason; and what
 * members recorded of their referrals against the visits their links got.
 */
export function analyticsRoutes(
  deps: Pick<AppDeps, "now">,
): RouteHandlers<
  | "clickAnalytics"
  | "analyticsOverview"
  | "programClickAnalytics"
  | "userAnalytics"
  | "fairnessReport"
  | "ownLinkStats"
  | "trafficReport"
  | "outcomeAnalytics"
> {
  return {
    // GET /api/analytics/clicks – a page of records; the next page's address in `Link` (RFC 8288)
    clickAnalytics: async ({ query, req, res }) => {
      const { records, next } = await clickPageIn(query);
      if (next !== null) {
        const params = new URLSearchParams({ timeFilter: query.timeFilter });
        if (query.programId !== undefined) params.set("programId", query.programId);
        if (query.limit !== undefined) params.set("limit", String(query.limit));
        params.set("cursor", next);
        // the path as the client called it (behind Hosting /api/…), so the reference resolves wherever the app is mounted
        res.set("Link", `<${req.originalUrl.split("?")[0]!}?${params.toString()}>; rel="next"`);
      }
      return records;
    },
    analyticsOverview: ({ query }) => overviewIn(query.timeFilter),
    programClickAnalytics: ({ params, query }) => programPageIn(params.id, query.timeFilter),
    userAnalytics: ({ query }) => usersIn(query.timeFilter),
    fairnessReport: ({ query }) => fairnessIn(query),
    ownLinkStats: ({ caller, query }) => ownLinkStatsIn(caller, query.timeFilter),
    trafficReport: ({ query }) => trafficIn(query.timeFilter),
    outcomeAnalytics: ({ query }) => outcomesIn(query, deps.now()),
  };
}
