import { textField } from "./common";

/*
 * Calendar days as the contract writes them: "YYYY-MM-DD", UTC. Offer end dates, outcome dates,
 * snoozes and cap resume dates are days, not instants: a day starts at 00:00 UTC.
 */

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** True for a real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The UTC day of an instant. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The day `days` after (or before, negative) a day. */
export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** A "YYYY-MM-DD" field: a real calendar day, else `message`. */
export const calendarDayField = (message: string) => textField(message).trim().refine(isCalendarDay, { error: message });
