import { localDate } from "@/lib/dates";
import type { SeriesUnit } from "@hub/contract/analytics";

/** 'Date Added': the browser's local date, or 'N/A' when the link has no usable date. */
export function formatDateAdded(iso: string | null | undefined, locale?: string): string {
  return localDate(iso, locale) ?? "N/A";
}

/** A chart day (UTC `YYYY-MM-DD`) as a short label; read in UTC so the label is the day the clicks were counted on. */
export function formatChartDay(day: string, locale?: string): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time)) return day;
  return new Date(time).toLocaleDateString(locale, { month: "short", day: "numeric", timeZone: "UTC" });
}

/** A chart month (its first day, `YYYY-MM-01`) as 'Nov 2026', in UTC like the days. */
export function formatChartMonth(month: string, locale?: string): string {
  const time = Date.parse(`${month.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(time)) return month;
  return new Date(time).toLocaleDateString(locale, { month: "short", year: "numeric", timeZone: "UTC" });
}

/**
 * A chart hour (its ISO start) in the reader's own time zone: an hour is the same moment everywhere,
 * and 'the last 24 hours' reads best on the reader's clock. `withDay` adds the date, for the first
 * and last hour of a description. `timeZone` is for tests.
 */
export function formatChartHour(iso: string, options: { locale?: string; timeZone?: string; withDay?: boolean } = {}): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const { locale, timeZone, withDay = false } = options;
  return new Date(time).toLocaleString(locale, {
    ...(withDay ? { month: "short", day: "numeric" } : {}),
    hour: "numeric",
    ...(timeZone ? { timeZone } : {}),
  });
}

/** A period's short label on a chart's axis: a week by its Monday. (Every unit of the fair-share series is one of these.) */
export function formatPeriod(key: string, unit: SeriesUnit, locale?: string): string {
  if (unit === "hour") return formatChartHour(key, { locale });
  return unit === "month" ? formatChartMonth(key, locale) : formatChartDay(key, locale);
}

/** A period named in a sentence: an hour with its date, a day, the week of its Monday, a month. */
export function formatPeriodInFull(key: string, unit: SeriesUnit, locale?: string): string {
  if (unit === "hour") return formatChartHour(key, { locale, withDay: true });
  if (unit === "week") return `the week of ${formatChartDay(key, locale)}`;
  return formatPeriod(key, unit, locale);
}

/** What the periods of a chart are, said after its figures. */
export function periodUnitNote(unit: SeriesUnit): string {
  if (unit === "hour") return "hours in your time zone";
  if (unit === "week") return "weeks from Monday, UTC";
  return unit === "day" ? "UTC days" : "calendar months, UTC";
}
