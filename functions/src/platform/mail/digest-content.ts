import type { LinkCap } from "@hub/contract/links";
import type { OutcomeKind } from "@hub/contract/outcomes";

/** What one member's weekly digest says (docs/architecture.md, *The weekly digest*); the figures are last week's, the states today's. */
export interface DigestMailContent {
  /** Monday and Sunday of last ISO week (UTC). */
  weekStart: string;
  weekEnd: string;
  links: {
    programName: string;
    visits: number;
    /** The visits the link was owed by the rotation's spread (weighted by the member's tier). */
    fairShare: number;
    cap: LinkCap;
    capPeriod: "calendar-year" | "rolling-12-months" | null;
    /** Set while the link is snoozed. */
    snoozedUntil: string | null;
    failing: boolean;
    /** Set once the program's offer has ended. */
    offerEndedOn: string | null;
  }[];
  /** Outcomes the member recorded last week. */
  outcomes: { kind: OutcomeKind; occurredOn: string; programName: string; amount: number | null; currency: string | null }[];
  /** The member's programs whose offer ends within the next 14 days. */
  endingOffers: { programName: string; offerEndsOn: string }[];
  dashboardUrl: string;
  /** The page with the unsubscribe button, and RFC 8058's one-click POST address. */
  unsubscribePageUrl: string;
  oneClickUnsubscribeUrl: string;
}

export type DigestLink = DigestMailContent["links"][number];
export type DigestOutcome = DigestMailContent["outcomes"][number];
