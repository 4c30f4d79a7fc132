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

/**
 * A year of history of program p1 (links a, b, c) as the fold leaves it: month roll-ups of the folded
 * months and day roll-ups of every day before `today`; `today` in a counter; and two hours of the
 * last 24 (one today, one the day before), hour by hour.
 */
export function yearOfHistory(today: string): ClickTally[] {
  const tallies: ClickTally[] = [];
  const months = new Map<string, Record<string, number>>();
  for (let d = 1; d <= 400; d++) {
    const day = new Date(Date.parse(`${today}T00:00:00Z`) - d * 86_400_000).toISOString().slice(0, 10);
    const counts = { a: (d % 5) + 1, b: d % 3, c: 2 };
    tallies.push(clickTally("day", day, counts));
    const month = months.get(day.slice(0, 7)) ?? {};
    for (const [id, n] of Object.entries(counts)) month[id] = (month[id] ?? 0) + n;
    months.set(day.slice(0, 7), month);
  }
  for (const [month, counts] of months) tallies.push(clickTally("month", month, counts));
  tallies.push(clickTally("counter", today, { a: 4, c: 1 }));
  const hourOf = (daysBack: number, hour: string) =>
    `${new Date(Date.parse(`${today}T00:00:00Z`) - daysBack * 86_400_000).toISOString().slice(0, 10)}T${hour}:00:00.000Z`;
  tallies.push(clickTally("hour", hourOf(0, "11"), { a: 3 }), clickTally("hour", hourOf(1, "13"), { b: 2, c: 1 }));
  return tallies;
}
