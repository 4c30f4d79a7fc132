import type { LinkRecord } from "./links.store";

const recency = (l: Pick<LinkRecord, "submittedAt" | "updatedAt">) => Math.max(Date.parse(l.submittedAt), Date.parse(l.updatedAt));

/** Admin order: the later of submitted/updated, newest first. */
export const byRecency = (a: Pick<LinkRecord, "submittedAt" | "updatedAt">, b: Pick<LinkRecord, "submittedAt" | "updatedAt">) =>
  recency(b) - recency(a);

/** Member order: dead first, then pending, then the rest, each newest first. */
export function memberOrder(a: LinkRecord, b: LinkRecord): number {
  const rank = (l: LinkRecord) => (l.isDead ? 0 : !l.approved ? 1 : 2);
  return rank(a) - rank(b) || byRecency(a, b);
}
