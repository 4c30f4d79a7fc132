import type { ClickRecord, TimeFilter, UserAnalytics } from "@hub/contract/analytics";
import { readAnalytics, type AnalyticsSnapshot } from "./analytics.store";
import { ownersOutOfRotation } from "../members/users.store";
import { clickRecords, userAnalytics } from "./analytics-records";
import { dayRollupRanges, monthRollupRanges, planWindow } from "./analytics-window";

async function snapshotFor(timeFilter: TimeFilter, now: Date) {
  const plan = planWindow(timeFilter, now);
  const snapshot: AnalyticsSnapshot = await readAnalytics({ days: dayRollupRanges(plan), months: monthRollupRanges(plan) });
  return { plan, snapshot };
}

/** GET /api/analytics/clicks */
export async function clicksIn(timeFilter: TimeFilter, now = new Date()): Promise<ClickRecord[]> {
  const { plan, snapshot } = await snapshotFor(timeFilter, now);
  return clickRecords(snapshot, plan);
}

/** GET /api/analytics/users */
export async function usersIn(timeFilter: TimeFilter, now = new Date()): Promise<UserAnalytics[]> {
  const [{ plan, snapshot }, heldBack] = await Promise.all([snapshotFor(timeFilter, now), ownersOutOfRotation()]);
  return userAnalytics(snapshot, clickRecords(snapshot, plan), heldBack);
}
