import type { OutcomeKind } from "@hub/contract/outcomes";
import type { MailAction } from "./layout";
import type { DigestLink, DigestMailContent, DigestOutcome } from "./digest-content";

/* What the weekly digest says, in words: one source for its HTML and its text part. */

const LOCALE = "en-US";
const oneDecimal = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });
// the plural of the figure as printed: 0.96 prints "1" and reads "1 visit"
const plurals = new Intl.PluralRules(LOCALE, { maximumFractionDigits: 1 });

/** "1 visit", "2 visits", "1.5 visits", "0 visits". */
export function counted(value: number, one: string, other: string): string {
  return `${oneDecimal.format(value)} ${plurals.select(value) === "one" ? one : other}`;
}

export const visits = (n: number) => counted(n, "visit", "visits");
export const paidReferrals = (n: number) => counted(n, "paid referral", "paid referrals");

/** A link's week in words: what it got, and what the rotation owed it. */
export const visitsAndShare = (link: Pick<DigestLink, "visits" | "fairShare">) =>
  `${visits(link.visits)}; a fair share would have been ${visits(link.fairShare)}`;

/** "$1,234.50 USD": the symbol a reader knows and the code that tells dollars apart. */
export function money(amount: number, currency: string | null): string {
  if (currency === null) return amount.toFixed(2);
  let formatted: string;
  try {
    formatted = new Intl.NumberFormat(LOCALE, { style: "currency", currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`; // a code this runtime does not know
  }
  return formatted.includes(currency) ? formatted : `${formatted} ${currency}`;
}

/** "a", "a and b", "a, b and c". */
export const listed = (items: string[]) => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)!}`);

export interface WeekEarnings {
  /** Paid amounts summed per currency, by currency code. */
  earned: string[];
  clawedBack: string[];
  /** "1 paid referral, 2 sign-ups and 1 claw-back". */
  counts: string;
}

const COUNTED: Record<OutcomeKind, [string, string]> = {
  paid: ["paid referral", "paid referrals"],
  "signed-up": ["sign-up", "sign-ups"],
  "clawed-back": ["claw-back", "claw-backs"],
};

/** The week's outcomes summed per currency (in cents, so that sums do not drift), paid apart from clawed back. */
export function weekEarnings(outcomes: DigestOutcome[]): WeekEarnings {
  const sums = (kind: OutcomeKind) => {
    const cents = new Map<string, number>();
    for (const o of outcomes) {
      if (o.kind !== kind || o.amount === null || o.currency === null) continue;
      cents.set(o.currency, (cents.get(o.currency) ?? 0) + Math.round(o.amount * 100));
    }
    return [...cents].sort(([a], [b]) => a.localeCompare(b)).map(([currency, total]) => money(total / 100, currency));
  };
  const kinds: OutcomeKind[] = ["paid", "signed-up", "clawed-back"];
  const counts = kinds.flatMap((kind) => {
    const n = outcomes.filter((o) => o.kind === kind).length;
    return n === 0 ? [] : [counted(n, ...COUNTED[kind])];
  });
  return { earned: sums("paid"), clawedBack: sums("clawed-back"), counts: listed(counts) };
}

const OUTCOME_LABELS: Record<OutcomeKind, string> = { "signed-up": "Signed up", paid: "Paid", "clawed-back": "Clawed back" };

export const outcomeLine = (o: DigestOutcome) =>
  `${OUTCOME_LABELS[o.kind]} on ${o.occurredOn}, ${o.programName}${o.amount === null ? "" : `: ${money(o.amount, o.currency)}`}`;

const CAP_PERIODS = { "calendar-year": "this calendar year", "rolling-12-months": "in the last 12 months" } as const;

/** What to know about a link that asks nothing of its owner: its cap so far, an offer that ended. */
export function linkNotes(link: DigestLink): string[] {
  const notes: string[] = [];
  if (link.cap && !link.cap.reached) {
    notes.push(`Cap: ${String(link.cap.paid)} of ${paidReferrals(link.cap.count)} ${CAP_PERIODS[link.capPeriod ?? "calendar-year"]}`);
  }
  if (link.offerEndedOn) notes.push(`Offer ended on ${link.offerEndedOn}: no visitor is sent to it`);
  return notes;
}

export type DigestTaskKind = "failing" | "offer-ending" | "cap-reached" | "snoozed";

/** Something in the digest that asks the member to act, or to know when their link comes back; each with its button. */
export interface DigestTask {
  kind: DigestTaskKind;
  programName: string;
  /** What is the matter, and what to do about it. */
  says: string;
  action: MailAction;
}

/** The week's to-dos, most urgent first: a link that fails, an offer about to end, links resting until a day. */
export function digestTasks(digest: DigestMailContent): DigestTask[] {
  const to = (label: string): MailAction => ({ label, url: digest.dashboardUrl });
  const failing = digest.links
    .filter((l) => l.failing)
    .map<DigestTask>((l) => ({
      kind: "failing",
      programName: l.programName,
      says: "Failing: out of the rotation until a test of it passes. If the offer moved, edit the link; if the bank's page was only down, test it again.",
      action: to("Fix it on your dashboard"),
    }));
  const ending = digest.endingOffers.map<DigestTask>((o) => ({
    kind: "offer-ending",
    programName: o.programName,
    says: `The offer ends on ${o.offerEndsOn}. From the day after, no visitor is sent to your link.`,
    action: to("See your links"),
  }));
  const capped = digest.links.flatMap<DigestTask>((l) =>
    l.cap?.reached
      ? [
          {
            kind: "cap-reached",
            programName: l.programName,
            says: `Cap reached: out of the rotation until ${l.cap.resumesOn}, when it comes back on its own.`,
            action: to("See your caps"),
          },
        ]
      : [],
  );
  const snoozed = digest.links.flatMap<DigestTask>((l) =>
    l.snoozedUntil
      ? [
          {
            kind: "snoozed",
            programName: l.programName,
            says: `Snoozed until ${l.snoozedUntil}. To have it back in the rotation sooner, end the snooze on your dashboard.`,
            action: to("Back in now"),
          },
        ]
      : [],
  );
  return [...failing, ...ending, ...capped, ...snoozed];
}

/** The inbox's one-line summary: the week's visits, what it earned, whether anything needs doing. */
export function digestSummary(digest: DigestMailContent): string {
  const total = digest.links.reduce((sum, l) => sum + l.visits, 0);
  const { earned } = weekEarnings(digest.outcomes);
  const tasks = digestTasks(digest).length;
  const parts = [`${visits(total)} to your ${counted(digest.links.length, "link", "links")}`];
  if (earned.length > 0) parts.push(`${listed(earned)} earned`);
  if (tasks > 0) parts.push(`${counted(tasks, "thing", "things")} to look at`);
  return `${parts.join(", ")}.`;
}
