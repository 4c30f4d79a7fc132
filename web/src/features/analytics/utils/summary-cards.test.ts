import { describe, expect, it } from "vitest";
import { analyticsSummary } from "./summary-cards";

const link = (flags: { approved?: boolean; paused?: boolean; isDead?: boolean; failing?: boolean } = {}) => ({
  // the server's decision, sent with each link
  isActive: (flags.approved ?? true) && !flags.paused && !flags.isDead && !flags.failing,
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

  it("does not count a failing link as active (the health check took it out of the rotation)", () => {
    expect(analyticsSummary([], [link(), link({ failing: true })], []).activeLinks).toBe(1);
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
