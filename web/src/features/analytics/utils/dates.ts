import { localDate } from "@/lib/dates";

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
