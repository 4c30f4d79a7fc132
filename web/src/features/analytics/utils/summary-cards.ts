import type { AnalyticsOverview } from "@hub/contract/analytics";

export interface AnalyticsSummary {
  totalPrograms: number;
  totalLinks: number;
  activeLinks: number;
  totalClicks: number;
  /** Whole clicks per link; 0 when there are no links. */
  avgClicksPerLink: number;
}

/** The four summary cards: every program and link now, and the clicks of the chosen range (the server's totals). */
export function analyticsSummary(totals: AnalyticsOverview["totals"]): AnalyticsSummary {
  return {
    totalPrograms: totals.programs,
    totalLinks: totals.links,
    activeLinks: totals.activeLinks,
    totalClicks: totals.clicks,
    avgClicksPerLink: totals.links > 0 ? Math.round(totals.clicks / totals.links) : 0,
  };
}
