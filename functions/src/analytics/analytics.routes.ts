import { clicksIn, usersIn } from "./analytics.service";
import type { RouteHandlers } from "../route-table";

/** Click analytics for the admin: clicks per link per day (per month past 30 days), and per link owner. */
export function analyticsRoutes(): RouteHandlers<"clickAnalytics" | "userAnalytics"> {
  return {
    clickAnalytics: ({ query }) => clicksIn(query.timeFilter),
    userAnalytics: ({ query }) => usersIn(query.timeFilter),
  };
}
