import type { LinkCap, LinkOutReason } from "@hub/contract/links";
import { isOfferEnded, REFERRER_CAP_MAX, type ReferrerCap } from "@hub/contract/programs";
import { addDays } from "@hub/contract/dates";

/*
 * What takes a link out of the rotation by the date alone (docs/architecture.md, *Outcomes, caps
 * and snoozes*): its owner's referrer cap, its snooze, its program's offer end. Pure functions of the
 * stored dates and today's UTC day, so every read (the rotation, the lists, the counts) derives the
 * same state, and a late daily job never shows a wrong one.
 */

/** Snoozed: the owner took the link out until `snoozedUntil` starts. */
export const isSnoozed = (snoozedUntil: string | null | undefined, today: string): boolean => !!snoozedUntil && today < snoozedUntil;

/** The first day of the cap's period that contains `day`. */
function periodStart(rule: ReferrerCap, day: string): string {
  return rule.period === "calendar-year" ? `${day.slice(0, 4)}-01-01` : addDays(day, -364);
}

/** How many of `sorted` (ascending) fall from `start` to `end`, both included. */
function countBetween(sorted: readonly string[], start: string, end: string): number {
  let n = 0;
  for (const day of sorted) if (day >= start && day <= end) n++;
  return n;
}

/**
 * How many paid days are kept per member and program: the cap's largest count. The rotation checks a
 * cap on every refresh, so its input must not grow with a member's history (90,000 paid days took the
 * old check 762 ms; `npm run bench:caps`).
 */
export const PAID_DAYS_KEPT = REFERRER_CAP_MAX;

/**
 * What is stored of a member's paid days in a program (a link's `paidOn`), sorted: the most recent
 * PAID_DAYS_KEPT up to `today`, and every one dated later (an outcome may be dated tomorrow). For any
 * later day and any cap (count ≤ PAID_DAYS_KEPT), capState reads the same from these as from all of
 * them: a period's count that needs an older day already holds PAID_DAYS_KEPT kept ones.
 */
export function keptPaidDays(days: readonly string[], today: string, keep = PAID_DAYS_KEPT): string[] {
  const sorted = [...days].sort();
  const later = sorted.findIndex((day) => day > today);
  const upToToday = later < 0 ? sorted : sorted.slice(0, later);
  return [...upToToday.slice(-keep), ...(later < 0 ? [] : sorted.slice(later))];
}

/**
 * The owner's standing against the cap, from the days of their paid outcomes in the program
 * (`paidOn`, any order): reached, with the first later day that has fewer than `count` in its period;
 * below it, with the paid count of today's period; null with no rule. Linear in the days (after a
 * sort), which keptPaidDays bounds.
 */
export function capState(paidOn: readonly string[], rule: ReferrerCap | null | undefined, today: string): LinkCap {
  if (!rule) return null;
  const sorted = [...paidOn].sort();
  const start = periodStart(rule, today);
  const paid = countBetween(sorted, start, today);
  if (paid < rule.count) return { reached: false, paid, count: rule.count };
  // The cap's count can fall only where a paid day leaves the period: each next 1 January, or (rolling)
  // the day after a paid day's 365 days. A day dated after today (east of UTC) counts from its own day
  // and keeps the cap until it leaves too, so every paid day is a candidate, not just those up to today.
  const resumesOn =
    rule.period === "calendar-year" ? calendarYearResumes(sorted, rule.count, today) : rollingResumes(sorted, rule.count, start);
  return { reached: true, resumesOn };
}

/** The first 1 January after today whose own period (that day alone, on the day) holds fewer than `count`. */
function calendarYearResumes(sorted: readonly string[], count: number, today: string): string {
  for (let year = Number(today.slice(0, 4)) + 1; ; year++) {
    const day = `${String(year)}-01-01`;
    if (countBetween(sorted, day, day) < count) return day;
  }
}

/**
 * Rolling: the first day after a paid day's 365 days (D = day + 365, its period D − 364 … D) that holds
 * fewer than `count`. Days are visited in order with one forward pointer: linear.
 */
function rollingResumes(sorted: readonly string[], count: number, start: string): string {
  let upTo = 0;
  for (let i = 0; i < sorted.length; i++) {
    const day = sorted[i]!;
    // the last of a day's entries, and only days still in today's period (those before left already)
    if (sorted[i + 1] === day || day < start) continue;
    const resumes = addDays(day, 365);
    while (upTo < sorted.length && sorted[upTo]! <= resumes) upTo++;
    if (upTo - (i + 1) < count) return resumes;
  }
  // unreachable: after the last day's 365 days, nothing is left in the period
  return addDays(sorted[sorted.length - 1]!, 365);
}

/** What the date-derived reasons read: the link's snooze and paid days, its program's rules. */
export interface DatedFacts {
  link: { snoozedUntil: string | null; paidOn: readonly string[] };
  program: { referrerCap: ReferrerCap | null; offerEndsOn: string | null };
}

/** What the date alone decides of a link, as the program counts keep it (links/link-counts.store). */
export interface DatedState {
  /** A date-derived reason (its owner's cap, its snooze, its offer's end) holds it out today. */
  outByDate: boolean;
  /**
   * The first day after today on which that may change: its offer's end (the day after the last), its
   * snooze's end, its cap's resumption, a paid day not yet come (an outcome may be dated tomorrow).
   * Null when none is ahead: counts kept on the program are right until then.
   */
  nextChange: string | null;
  /** It has a snooze, and the snooze is over (the daily job clears it). */
  snoozeOver: boolean;
}

export function datedState({ link, program }: DatedFacts, today: string): DatedState {
  const cap = capState(link.paidOn, program.referrerCap, today);
  const snoozed = isSnoozed(link.snoozedUntil, today);
  const days: string[] = [];
  if (program.offerEndsOn && program.offerEndsOn >= today) days.push(addDays(program.offerEndsOn, 1));
  if (snoozed) days.push(link.snoozedUntil!);
  if (cap?.reached) days.push(cap.resumesOn);
  if (program.referrerCap) days.push(...link.paidOn.filter((day) => day > today));
  return {
    outByDate: cap?.reached === true || snoozed || isOfferEnded(program.offerEndsOn, today),
    nextChange: days.sort()[0] ?? null,
    snoozeOver: link.snoozedUntil !== null && !snoozed,
  };
}

/**
 * The program's own reason to hold every one of its links out: it awaits approval (the rotation answers
 * 404 for it). The counts kept on a program (link-counts.store) count its links' states, not its own
 * approval, so every reader of a kept active count applies this (programActiveLinks), as linkAvailability does.
 */
export const programHoldsLinksOut = (program: { approved: boolean } | null): boolean => program?.approved !== true;

/** A program's active links from its kept count: none while the program itself holds them out. */
export const programActiveLinks = (program: { approved: boolean; activeLinkCount: number }): number =>
  programHoldsLinksOut(program) ? 0 : program.activeLinkCount;

/** What decides whether a link is in the rotation: the link's own state, its program's, its owner's. */
export interface AvailabilityFacts {
  link: { approved: boolean; paused: boolean; isDead: boolean; failing: boolean; snoozedUntil: string | null; paidOn: readonly string[] };
  /** Null when the program is gone (the link is on its way out with it). */
  program: { approved: boolean; referrerCap: ReferrerCap | null; offerEndsOn: string | null } | null;
  /** Blocked, or without an active subscription (users.store holdsBackLinks). */
  ownerHeldBack: boolean;
}

export interface Availability {
  /** Out of the rotation: why (the first of LINK_OUT_REASONS that holds); null when it is in. */
  outReason: LinkOutReason | null;
  /** The owner's standing against the program's cap (null with no cap). */
  cap: LinkCap;
  /** The day the owner's snooze ends, while it is ahead; null otherwise. */
  snoozedUntil: string | null;
  /** Held out by a break its owner or its health decides (cap, snooze, failing), not an admin's or a lapse: balanced mode's no catch-up. */
  onBreak: boolean;
}

/**
 * The one answer to "is this link in the rotation today, and if not, why": the rotation, every link
 * answer, the analytics' active counts and the digest read it, so none can tell another story.
 */
export function linkAvailability({ link, program, ownerHeldBack }: AvailabilityFacts, today: string): Availability {
  const cap = capState(link.paidOn, program?.referrerCap, today);
  const snoozed = isSnoozed(link.snoozedUntil, today);
  const reasons: [LinkOutReason, boolean][] = [
    ["dead", link.isDead],
    ["pending", !link.approved],
    ["paused", link.paused],
    ["failing", link.failing],
    ["program-not-approved", programHoldsLinksOut(program)],
    ["offer-ended", isOfferEnded(program?.offerEndsOn, today)],
    ["owner-held-back", ownerHeldBack],
    ["capped", cap?.reached === true],
    ["snoozed", snoozed],
  ];
  return {
    outReason: reasons.find(([, holds]) => holds)?.[0] ?? null,
    cap,
    snoozedUntil: snoozed ? link.snoozedUntil : null,
    onBreak: link.failing || cap?.reached === true || snoozed,
  };
}
