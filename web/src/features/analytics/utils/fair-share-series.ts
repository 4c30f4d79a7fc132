import { WINDOW_DAYS, HOURLY_WINDOW_HOURS, type FairSharePoint, type TimeFilter } from "@hub/contract/analytics";
import { lastPeriods, monthsBetween, periodKey, type PeriodUnit } from "./periods";

/** Per hour for 24h, per day up to 30d, per month beyond: the contract's periods of `series`. */
export function fairSharePeriodUnit(timeFilter: TimeFilter): PeriodUnit {
  if (timeFilter === "24h") return "hour";
  return timeFilter === "7d" || timeFilter === "30d" ? "day" : "month";
}

export interface FairShareChartData {
  unit: PeriodUnit;
  points: FairSharePoint[];
}

const DAY_MS = 86_400_000;

/** The periods the chart spans: the whole window, or for all time from the first month with figures. */
function chartKeys(timeFilter: TimeFilter, unit: PeriodUnit, starts: readonly string[], now: Date): string[] {
  if (timeFilter === "24h") return lastPeriods("hour", HOURLY_WINDOW_HOURS, now);
  if (timeFilter === "all") {
    const first = [...starts].sort()[0];
    const current = lastPeriods("month", 1, now)[0]!;
    return first === undefined ? [] : monthsBetween(first < current ? first : current, current);
  }
  const days = WINDOW_DAYS[timeFilter];
  if (unit === "day") return lastPeriods("day", days, now);
  const windowStart = periodKey(new Date(now.getTime() - (days - 1) * DAY_MS).toISOString(), "month")!;
  return monthsBetween(windowStart, lastPeriods("month", 1, now)[0]!);
}

/**
 * A link's series as the chart draws it: every period of the window in order, 0 visits and 0 fair
 * share where the server sent none (a quiet period has nothing to send), points in the same period
 * added up, and points outside the window (a clock ahead of the server's) left out.
 */
export function fairShareChartData(series: readonly FairSharePoint[], timeFilter: TimeFilter, now: Date): FairShareChartData {
  const unit = fairSharePeriodUnit(timeFilter);
  const located = series.flatMap((point) => {
    const key = periodKey(point.start, unit);
    return key === null ? [] : [{ ...point, start: key }];
  });
  const keys = chartKeys(
    timeFilter,
    unit,
    located.map((point) => point.start),
    now,
  );
  const byKey = new Map(keys.map((key) => [key, { start: key, visits: 0, fairShare: 0 }]));
  for (const point of located) {
    const bucket = byKey.get(point.start);
    if (!bucket) continue;
    bucket.visits += point.visits;
    bucket.fairShare += point.fairShare;
  }
  return { unit, points: [...byKey.values()] };
}

/** Whether the chart would show anything but a flat zero. */
export function hasFigures(data: FairShareChartData): boolean {
  return data.points.some((point) => point.visits > 0 || point.fairShare > 0);
}
