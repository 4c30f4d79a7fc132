/**
 * The periods counts come in: hours (the last 24 hours), UTC days, and calendar months (older parts
 * of long ranges). The server dates a period by its start, as an ISO time for an hour
 * (`2026-11-24T13:00:00.000Z`) and as a UTC day for a day or a month (`2026-11-24`, `2026-11-01`);
 * these helpers read either form, so a chart keyed by one unit finds a record written in the other.
 */
export type PeriodUnit = "hour" | "day" | "month";

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The key of the `unit` period that `start` falls in: an hour as its ISO start, a day as `YYYY-MM-DD`,
 * a month as its first day (`YYYY-MM-01`), all in UTC. Null when `start` cannot be read, or is a bare
 * day asked for its hour (a day's count has no hour to be drawn at).
 */
export function periodKey(start: string, unit: PeriodUnit): string | null {
  if (unit !== "hour" && DAY_ONLY.test(start)) return unit === "day" ? start : `${start.slice(0, 7)}-01`;
  if (unit === "hour" && DAY_ONLY.test(start)) return null;
  const time = Date.parse(start);
  if (Number.isNaN(time)) return null;
  if (unit === "hour") return new Date(Math.floor(time / HOUR_MS) * HOUR_MS).toISOString();
  const day = new Date(time).toISOString().slice(0, 10);
  return unit === "day" ? day : `${day.slice(0, 7)}-01`;
}

/** The last `count` periods as keys, oldest first, ending with the one `now` is in (UTC). */
export function lastPeriods(unit: PeriodUnit, count: number, now: Date): string[] {
  if (unit === "month") {
    const year = now.getUTCFullYear();
    const month = now.getUTCMonth();
    return Array.from({ length: count }, (_, index) => new Date(Date.UTC(year, month - (count - 1 - index), 1)).toISOString().slice(0, 10));
  }
  const step = unit === "hour" ? HOUR_MS : DAY_MS;
  const current = Math.floor(now.getTime() / step) * step;
  return Array.from({ length: count }, (_, index) => {
    const iso = new Date(current - (count - 1 - index) * step).toISOString();
    return unit === "hour" ? iso : iso.slice(0, 10);
  });
}

/** Month keys from `first` to `last` (both `YYYY-MM-01`), inclusive; empty when `first` is later. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  const [firstYear, firstMonth] = [Number(first.slice(0, 4)), Number(first.slice(5, 7)) - 1];
  for (let index = 0; ; index++) {
    const key = new Date(Date.UTC(firstYear, firstMonth + index, 1)).toISOString().slice(0, 10);
    if (key > last || index > 1200) return months;
    months.push(key);
  }
}
