import { clicksIn, fairnessIn, ownLinkStatsIn, usersIn } from "./analytics.service";
import type { RouteHandlers } from "../route-handlers";
import type { AppDeps } from "../platform/deps";
import { outcomesIn } from "./outcome-analytics.service";
import { trafficIn } from "./traffic.service";

/**
 * Click analytics: for the admin, clicks per link per day (per month past 30 days, per hour for 24h),
 * per link owner, and the rotation's fairness per program; for a member, their own links' visits
 * against their fair share; the requests to each rotation address that were not counted, by reason;
 * and what members recorded of their referrals against the visits their links got.
 */
export function analyticsRoutes(
  deps: Pick<AppDeps, "now">,
): RouteHandlers<"clickAnalytics" | "userAnalytics" | "fairnessReport" | "ownLinkStats" | "trafficReport" | "outcomeAnalytics"> {
  return {
    clickAnalytics: ({ query }) => clicksIn(query.timeFilter),
    userAnalytics: ({ query }) => usersIn(query.timeFilter),
    fairnessReport: ({ query }) => fairnessIn(query.timeFilter),
    ownLinkStats: ({ caller, query }) => ownLinkStatsIn(caller, query.timeFilter),
    trafficReport: ({ query }) => trafficIn(query.timeFilter),
    outcomeAnalytics: ({ query }) => outcomesIn(query.timeFilter, deps.now()),
  };
}
