/** Stored ISO times as the browser shows them (users, duplicates, analytics). */

/** A stored ISO time as the browser's local date and time, or null when there is none or it cannot be read. */
export function localDateTime(iso: string | null | undefined, locale?: string): string | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time).toLocaleString(locale);
}

/** A stored ISO time as the browser's local date, or null. */
export function localDate(iso: string | null | undefined, locale?: string): string | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time).toLocaleDateString(locale);
}
