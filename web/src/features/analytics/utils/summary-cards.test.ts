import { describe, expect, it } from "vitest";
import { analyticsSummary } from "./summary-cards";

const link = (flags: { approved?: boolean; paused?: boolean; isDead?: boolean } = {}) => ({
  approved: flags.approved ?? true,
  paused: flags.paused ?? false,
  isDead: flags.isDead ?? false,
});

describe("summary cards", () => {
  it("counts programs, links, active links (approved, not paused, not dead) and clicks", () => {
    const links = [link(), link(), link({ approved: false }), link({ paused: true }), link({ isDead: true })];
    expect(analyticsSummary([{}, {}, {}], links, [{ totalClicks: 10 }, {}, { totalClicks: 2 }])).toEqual({
      totalPrograms: 3,
      totalLinks: 5,
      activeLinks: 2,
      totalClicks: 13,
      avgClicksPerLink: 3,
    });
  });

  it("rounds the average to a whole number of clicks per link", () => {
    expect(analyticsSummary([], [link(), link()], [{ totalClicks: 3 }]).avgClicksPerLink).toBe(2);
    expect(analyticsSummary([], [link(), link(), link()], [{ totalClicks: 4 }]).avgClicksPerLink).toBe(1);
  });

  it("shows 0 clicks per link when there are no links", () => {
    expect(analyticsSummary([{}], [], [{ totalClicks: 5 }])).toEqual({
      totalPrograms: 1,
      totalLinks: 0,
      activeLinks: 0,
      totalClicks: 5,
      avgClicksPerLink: 0,
    });
  });
});
