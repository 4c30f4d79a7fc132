import type { ClickRecord } from "@hub/contract/analytics";

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

export interface DailyClicks {
  /** UTC `YYYY-MM-DD`. */
  day: string;
  clicks: number;
}

/**
 * Clicks per chart day, 0 on days without records. Monthly records (dated on a month's first day,
 * older than the chart's days) fall outside the days and are left out.
 */
export function dailyClickSeries(records: readonly Pick<ClickRecord, "clickDate" | "totalClicks">[], days: readonly string[]): DailyClicks[] {
  const byDay = new Map(days.map((day) => [day, 0]));
  for (const record of records) {
    const current = byDay.get(record.clickDate);
    if (current !== undefined) byDay.set(record.clickDate, current + recordClicks(record));
  }
  return days.map((day) => ({ day, clicks: byDay.get(day) ?? 0 }));
}
