import type { ClickRecord } from "@hub/contract/analytics";
import { sumClicks } from "./click-counts";
import { countActiveLinks, type ActiveFlag } from "./link-counts";

export interface AnalyticsSummary {
  totalPrograms: number;
  totalLinks: number;
  activeLinks: number;
  totalClicks: number;
  /** Whole clicks per link; 0 when there are no links. */
  avgClicksPerLink: number;
}

/** The four summary cards: every program and link, and the clicks of the chosen range. */
export function analyticsSummary(
  programs: readonly unknown[],
  links: readonly ActiveFlag[],
  records: readonly Pick<ClickRecord, "totalClicks">[],
): AnalyticsSummary {
  const totalClicks = sumClicks(records);
  return {
    totalPrograms: programs.length,
    totalLinks: links.length,
    activeLinks: countActiveLinks(links),
    totalClicks,
    avgClicksPerLink: links.length > 0 ? Math.round(totalClicks / links.length) : 0,
  };
}
