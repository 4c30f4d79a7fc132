import type { LinkHealth, ReferralLink } from "@hub/contract/links";

export type LinkStatus = "dead" | "pending" | "paused" | "failing" | "held" | "active";

export const LINK_STATUS_LABELS: Record<LinkStatus, string> = {
  dead: "Dead",
  pending: "Pending",
  paused: "Paused",
  failing: "Failing",
  held: "Owner blocked or lapsed",
  active: "Active",
};

/**
 * The one status a member sees. Dead wins (the member must act), then pending review (not in
 * rotation whatever else is set), then paused, then failing (the health check took it out of the
 * rotation). Active is the server's `isActive`, the rotation's own decision (spec 4, contract *Link
 * health*): a link with nothing wrong on itself is still out of the rotation while its owner is
 * blocked or lapsed, and must not say Active then.
 */
export function linkStatus(
  link: Pick<ReferralLink, "isDead" | "approved" | "paused" | "isActive"> & { health: Pick<LinkHealth, "status"> },
): LinkStatus {
  if (link.isDead) return "dead";
  if (!link.approved) return "pending";
  if (link.paused) return "paused";
  if (link.health.status === "failing") return "failing";
  return link.isActive ? "active" : "held";
}
