import { addDays, isCalendarDay, utcDay } from "@hub/contract/dates";
import { SNOOZE_MAX_DAYS } from "@hub/contract/links";
import type { OutcomeKind } from "@hub/contract/outcomes";

/* The member's outcomes (Earnings, Record outcome) and snoozes: words, figures and form input. */

export const OUTCOME_KIND_LABELS: Record<OutcomeKind, string> = {
  "signed-up": "Signed up",
  paid: "Paid",
  "clawed-back": "Clawed back",
};

/** Common currencies first in the picker; any other ISO 4217 code may be typed. */
export const COMMON_CURRENCIES = ["USD", "EUR", "GBP", "CAD", "AUD", "CHF", "JPY", "NZD", "SEK", "INR"] as const;
export const DEFAULT_CURRENCY = "USD";

/** An amount in its currency, in the member's locale ("$1,234.50"). */
export function formatMoney(amount: number, currency: string, locale?: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency }).format(amount);
  } catch {
    // a code this browser does not know: the figure and the code still say it
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** The years the Earnings view offers: this one first, then the five before it. */
export function earningsYears(currentYear: number, count = 6): number[] {
  return Array.from({ length: count }, (_, i) => currentYear - i);
}

/** Today as the member's own calendar shows it ("YYYY-MM-DD"): what they mean by "today" for an outcome. */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export type OutcomeField = "kind" | "occurredOn" | "amount" | "currency" | "note";

/**
 * The form's text as the request the contract parses. The currency field always holds a default, so
 * it goes only with an amount (the contract refuses a currency without one); empty text is left out.
 */
export function outcomeRequestInput(values: Record<OutcomeField, string>): Record<string, unknown> {
  const amount = values.amount.trim();
  const note = values.note.trim();
  return {
    kind: values.kind,
    occurredOn: values.occurredOn,
    ...(amount ? { amount: Number(amount), currency: values.currency.trim() } : {}),
    ...(note ? { note } : {}),
  };
}

/** The days a snooze may end on: after today, at most 366 days ahead (UTC days, as the server counts). */
export function snoozeBounds(now: Date): { min: string; max: string } {
  const today = utcDay(now);
  return { min: addDays(today, 1), max: addDays(today, SNOOZE_MAX_DAYS) };
}

/** What is wrong with the day picked for a snooze's end, or null. */
export function snoozeDateProblem(day: string, now: Date): string | null {
  if (!day) return "Pick the day the link comes back";
  if (!isCalendarDay(day)) return "Snooze date must be a date (YYYY-MM-DD)";
  const { min, max } = snoozeBounds(now);
  if (day < min) return "Pick a day after today";
  if (day > max) return `A snooze can last at most ${String(SNOOZE_MAX_DAYS)} days`;
  return null;
}

/** An outcome's day, short, in the member's locale ("Nov 20, 2026"), as the UTC day it is. */
export function formatEntryDay(day: string, locale?: string): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) ? day : new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(time);
}
