const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A stored ISO time as the browser's local date and time ("Nov 24, 2026, 6:22 PM"); "—" when unreadable. */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? "—" : dateTimeFormat.format(time);
}
