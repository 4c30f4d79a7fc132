import type { ReferralLink } from "@hub/contract/links";

export type LinkStatus = "dead" | "pending" | "paused" | "active";

export const LINK_STATUS_LABELS: Record<LinkStatus, string> = {
  dead: "Dead",
  pending: "Pending",
  paused: "Paused",
  active: "Active",
};

/**
 * The one status a member sees. Dead wins (the member must act), then pending review (not in
 * rotation whatever else is set), then paused; active is approved, not paused and not dead (spec 4).
 */
export function linkStatus(link: Pick<ReferralLink, "isDead" | "approved" | "paused">): LinkStatus {
  if (link.isDead) return "dead";
  if (!link.approved) return "pending";
  if (link.paused) return "paused";
  return "active";
}
