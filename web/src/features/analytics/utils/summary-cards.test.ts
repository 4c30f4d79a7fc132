import { describe, expect, it } from "vitest";
import { analyticsSummary } from "./summary-cards";

describe("summary cards", () => {
  it("shows the server's totals and whole clicks per link", () => {
    expect(analyticsSummary({ programs: 3, links: 5, activeLinks: 2, clicks: 13 })).toEqual({
      totalPrograms: 3,
      totalLinks: 5,
      activeLinks: 2,
      totalClicks: 13,
      avgClicksPerLink: 3,
    });
  });

  it("averages 0 clicks per link when there are no links", () => {
    expect(analyticsSummary({ programs: 1, links: 0, activeLinks: 0, clicks: 0 }).avgClicksPerLink).toBe(0);
  });
});
