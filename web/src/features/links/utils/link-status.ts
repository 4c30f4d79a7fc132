import type { LinkHealth, ReferralLink } from "@hub/contract/links";

export type LinkStatus = "dead" | "pending" | "paused" | "failing" | "active";

export const LINK_STATUS_LABELS: Record<LinkStatus, string> = {
  dead: "Dead",
  pending: "Pending",
  paused: "Paused",
  failing: "Failing",
  active: "Active",
};

/**
 * The one status a member sees. Dead wins (the member must act), then pending review (not in
 * rotation whatever else is set), then paused, then failing (the health check took it out of the
 * rotation); active is approved, not paused, not dead and not failing (spec 4, contract *Link health*).
 */
export function linkStatus(
  link: Pick<ReferralLink, "isDead" | "approved" | "paused"> & { health: Pick<LinkHealth, "status"> },
): LinkStatus {
  if (link.isDead) return "dead";
  if (!link.approved) return "pending";
  if (link.paused) return "paused";
  if (link.health.status === "failing") return "failing";
  return "active";
}
