/*
 * A program's rules as the pages write them (docs/architecture.md, *Program rules*):
 * the referrer cap, the offer's last day, how soon it ends. Shared by the admin's program card, the
 * open /programs page and the member's submit form. No zod here, only types: the open page loads
 * this before any schema. Days are "YYYY-MM-DD", UTC, as the contract writes them; the server says
 * whether an offer has ended (`offerEnded`), and where it does not (the open page's cached list)
 * the same rule is applied to the same UTC day.
 */
import type { CapPeriod, ReferrerCap } from "@hub/contract/programs";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
const DAY_MS = 86_400_000;
/** The open page says how many days are left from this many on. */
export const ENDING_SOON_DAYS = 7;

export const CAP_PERIOD_LABELS: Record<CapPeriod, string> = {
  "calendar-year": "per calendar year",
  "rolling-12-months": "per rolling 12 months",
};

/** Written by hand, not by Intl: the server's render and the browser must write the same text. */
function dayParts(day: string): { day: number; month: string; year: string } {
  const [year = "", month = "", date = ""] = day.split("-");
  return { day: Number(date), month: MONTHS[Number(month) - 1] ?? month, year };
}

/** "31 December 2026". */
export function longDay(day: string): string {
  const parts = dayParts(day);
  return `${String(parts.day)} ${parts.month} ${parts.year}`;
}

/** "31 Dec 2026". */
export function shortDay(day: string): string {
  const parts = dayParts(day);
  return `${String(parts.day)} ${parts.month.slice(0, 3)} ${parts.year}`;
}

/** Days from today to the offer's last day: 0 on the last day itself. */
export const daysLeft = (offerEndsOn: string, today: string): number =>
  Math.round((Date.parse(`${offerEndsOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);

/** "Cap: 5 paid referrals per calendar year", or that there is none. */
export function capLabel(cap: ReferrerCap | null): string {
  if (!cap) return "No referrer cap";
  return `Cap: ${String(cap.count)} paid referral${cap.count === 1 ? "" : "s"} ${CAP_PERIOD_LABELS[cap.period]}`;
}

/** "Offer ends 31 December 2026" / "Offer ended on 31 December 2026" (`short`: "31 Dec 2026"), or that it has no end date. */
export function offerEndLabel(offerEndsOn: string | null, ended: boolean, { short = false } = {}): string {
  if (offerEndsOn === null) return "No end date";
  const day = short ? shortDay(offerEndsOn) : longDay(offerEndsOn);
  return ended ? `Offer ended on ${day}` : `Offer ends ${day}`;
}

/** "Ends today" / "Ends in 3 days" within the last week of an offer; null before that and once it has ended. */
export function endsSoonLabel(offerEndsOn: string | null, today: string): string | null {
  if (offerEndsOn === null) return null;
  const left = daysLeft(offerEndsOn, today);
  if (left < 0 || left > ENDING_SOON_DAYS) return null;
  if (left === 0) return "Ends today";
  return `Ends in ${String(left)} day${left === 1 ? "" : "s"}`;
}
