import type { AnalyticsLink, AnalyticsProgram, ClickTally } from "./analytics.store";

/*
 * What the analytics unit tests build their snapshots from (tests only: nothing in the functions
 * imports this).
 */

/** An approved, active link with no visits yet; `extra` changes what a test is about. */
export const analyticsLink = (id: string, programId: string, email: string, extra: Partial<AnalyticsLink> = {}): AnalyticsLink => ({
  id,
  programId,
  email,
  approved: true,
  paused: false,
  failing: false,
  isDead: false,
  visitCount: 0,
  paidOn: [],
  snoozedUntil: null,
  ...extra,
});

export const analyticsProgram = (id: string, name: string): AnalyticsProgram => ({
  id,
  name,
  approved: true,
  distributionMode: "even",
  referrerCap: null,
  offerEndsOn: null,
});

/**
 * A roll-up's (or counter's) counts per link in one period, of program p1 unless `programId` says
 * otherwise; every counted link in the rotation; `last`: last-click times by link (ISO).
 */
export const clickTally = (
  kind: ClickTally["kind"],
  period: string,
  counts: Record<string, number>,
  { programId = "p1", last = {} }: { programId?: string; last?: Record<string, string> } = {},
): ClickTally => ({
  kind,
  period,
  programId,
  counts: {
    total: Object.values(counts).reduce((a, b) => a + b, 0),
    links: new Map(Object.entries(counts)),
    lastClickedAt: new Map(Object.entries(last).map(([id, at]) => [id, new Date(at)])),
    sets: new Set(),
    active: new Set(Object.keys(counts)),
  },
});
