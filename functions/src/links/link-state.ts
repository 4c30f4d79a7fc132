import type { LinkRecord } from "./links.store";
import type { DatedAvailability } from "./link-availability";

/**
 * Active: approved, not paused, not dead, not failing its health checks, its owner neither blocked
 * nor without a subscription (the contract's definition, with the lapsed-subscription rule of the users issue),
 * and none of the date-derived reasons (link-availability): not capped, not snoozed, its offer not ended.
 */
export function isActiveLink(
  link: Pick<LinkRecord, "approved" | "paused" | "isDead" | "failing" | "email">,
  ownersHeldBack: Set<string>,
  dated: DatedAvailability = {},
): boolean {
  return (
    link.approved &&
    !link.paused &&
    !link.isDead &&
    !link.failing &&
    !ownersHeldBack.has(link.email) &&
    !dated.capReached &&
    !dated.snoozed &&
    !dated.offerEnded
  );
}

const recency = (l: Pick<LinkRecord, "submittedAt" | "updatedAt">) => Math.max(Date.parse(l.submittedAt), Date.parse(l.updatedAt));

/** Admin order: the later of submitted/updated, newest first. */
export const byRecency = (a: Pick<LinkRecord, "submittedAt" | "updatedAt">, b: Pick<LinkRecord, "submittedAt" | "updatedAt">) =>
  recency(b) - recency(a);

/** Member order: dead first, then pending, then the rest, each newest first. */
export function memberOrder(a: LinkRecord, b: LinkRecord): number {
  const rank = (l: LinkRecord) => (l.isDead ? 0 : !l.approved ? 1 : 2);
  return rank(a) - rank(b) || byRecency(a, b);
}
