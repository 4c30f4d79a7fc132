import type { LinkOutReason, ReferralLink } from "@hub/contract/links";

/** What a link's chip says: why it is out of the rotation (the server's `outReason`), or that it is in. */
export type LinkStatus = LinkOutReason | "active";

export const LINK_STATUS_LABELS: Record<LinkStatus, string> = {
  dead: "Dead",
  pending: "Pending",
  paused: "Paused",
  failing: "Failing",
  "program-not-approved": "Program not approved",
  "offer-ended": "Ended",
  "owner-held-back": "Owner blocked or lapsed",
  capped: "Cap reached",
  snoozed: "Snoozed",
  active: "Active",
};

/**
 * The one status a member sees: the server's answer (functions/src/links/link-availability.ts), the
 * rotation's own decision and its first reason, so no screen works out a different one from the flags.
 */
export const linkStatus = (link: Pick<ReferralLink, "outReason">): LinkStatus => link.outReason ?? "active";

/** "The link is back in rotation", or why it is not (after an admin's action that may or may not put it there). */
export function rotationSentence(link: Pick<ReferralLink, "outReason">, inRotation: string): string {
  const status = linkStatus(link);
  return status === "active" ? inRotation : `Not in rotation: ${LINK_STATUS_LABELS[status]}`;
}
