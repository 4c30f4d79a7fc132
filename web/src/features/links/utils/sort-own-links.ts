import type { ReferralLink } from "@hub/contract/links";

type SortableLink = Pick<ReferralLink, "isDead" | "approved" | "submittedAt" | "updatedAt">;

/** 0: dead, 1: pending review, 2: everything else. */
function group(link: SortableLink): number {
  if (link.isDead) return 0;
  if (!link.approved) return 1;
  return 2;
}

/** The later of submittedAt and updatedAt, in ms; an unreadable date counts as the oldest. */
export function linkRecency(link: Pick<ReferralLink, "submittedAt" | "updatedAt">): number {
  const times = [Date.parse(link.submittedAt), Date.parse(link.updatedAt)].filter((time) => !Number.isNaN(time));
  return times.length > 0 ? Math.max(...times) : Number.NEGATIVE_INFINITY;
}

/** The member's list: dead first, then pending, then by recency, newest first. Returns a new array. */
export function sortOwnLinks<T extends SortableLink>(links: readonly T[]): T[] {
  return [...links].sort((a, b) => group(a) - group(b) || compareRecency(b, a));
}

function compareRecency(a: SortableLink, b: SortableLink): number {
  const left = linkRecency(a);
  const right = linkRecency(b);
  if (left === right) return 0;
  return left < right ? -1 : 1;
}
