import type { LinkCap } from "@hub/contract/links";
import type { CapPeriod } from "@hub/contract/programs";

/*
 * What takes a member's link out of the rotation by the date (docs/architecture.md, *Outcomes, caps
 * and snoozes*), in words. Days are UTC calendar days ("YYYY-MM-DD"), shown in the member's locale.
 */

/** A UTC day in the member's locale: "3 December 2026" (en-GB), "December 3, 2026" (en-US). */
export function formatDay(day: string, locale: string | undefined, { withYear }: { withYear: boolean }): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time)) return day;
  return new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "long",
    ...(withYear ? { year: "numeric" } : {}),
    timeZone: "UTC",
  }).format(time);
}

// A calendar-year cap always comes back on 1 January: the year adds nothing. A rolling one comes
// back on any day, maybe more than a year on; and while the period is not known the year is kept.
export function capReachedText(resumesOn: string, period: CapPeriod | undefined, locale?: string): string {
  return `Cap reached — back on ${formatDay(resumesOn, locale, { withYear: period !== "calendar-year" })}`;
}

const PERIOD_PHRASES: Record<CapPeriod, string> = {
  "calendar-year": "this year",
  "rolling-12-months": "in the last 12 months",
};

/** "3 of 5 paid referrals this year". */
export function capProgressText(
  cap: Pick<Extract<NonNullable<LinkCap>, { reached: false }>, "paid" | "count">,
  period: CapPeriod | undefined,
): string {
  const noun = cap.count === 1 ? "paid referral" : "paid referrals";
  return `${String(cap.paid)} of ${String(cap.count)} ${noun} ${period ? PERIOD_PHRASES[period] : "in the cap's period"}`;
}

/** "Snoozed until 3 December 2026": out of the rotation until that day starts. */
export function snoozedText(until: string, locale?: string): string {
  return `Snoozed until ${formatDay(until, locale, { withYear: true })}`;
}
