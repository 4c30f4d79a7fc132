import type { ClickRecord } from "@hub/contract/analytics";
import { periodKey, type PeriodUnit } from "./periods";
import type { ChartPeriods } from "./time-ranges";

type CountedRecord = Pick<ClickRecord, "totalClicks">;

/** Records from older clients carry no count: each stands for one click. */
export function recordClicks(record: CountedRecord): number {
  return record.totalClicks ?? 1;
}

export function sumClicks(records: readonly CountedRecord[]): number {
  let total = 0;
  for (const record of records) total += recordClicks(record);
  return total;
}

export interface PeriodClicks {
  /** The period's key (periods.ts): an hour's ISO start or a UTC `YYYY-MM-DD`. */
  start: string;
  clicks: number;
}

export interface ClickSeries {
  unit: PeriodUnit;
  points: PeriodClicks[];
}

/**
 * Clicks per chart period, 0 in periods without records. A record is placed by its `clickDate`,
 * whichever form it has (an hour's ISO start for 24h, a UTC day otherwise); monthly records (dated on
 * a month's first day, older than the chart's days) and days asked for their hour fall outside the
 * periods and are left out of the chart, though the totals still count them.
 */
export function clickSeries(records: readonly Pick<ClickRecord, "clickDate" | "totalClicks">[], periods: ChartPeriods): ClickSeries {
  const byPeriod = new Map(periods.keys.map((key) => [key, 0]));
  for (const record of records) {
    const key = periodKey(record.clickDate, periods.unit);
    const current = key === null ? undefined : byPeriod.get(key);
    if (key !== null && current !== undefined) byPeriod.set(key, current + recordClicks(record));
  }
  return { unit: periods.unit, points: periods.keys.map((start) => ({ start, clicks: byPeriod.get(start) ?? 0 })) };
}
