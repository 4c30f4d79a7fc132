import type { LinkHealth, ReferralLink } from "@hub/contract/links";

export type LinkStatus = "dead" | "pending" | "paused" | "failing" | "ended" | "capped" | "snoozed" | "held" | "active";

export const LINK_STATUS_LABELS: Record<LinkStatus, string> = {
  dead: "Dead",
  pending: "Pending",
  paused: "Paused",
  failing: "Failing",
  ended: "Ended",
  capped: "Cap reached",
  snoozed: "Snoozed",
  held: "Owner blocked or lapsed",
  active: "Active",
};

/**
 * The one status a member sees. Dead wins (the member must act), then pending review (not in
 * rotation whatever else is set), then paused, then failing (the health check took it out of the
 * rotation). Active is the server's `isActive`, the rotation's own decision (docs/architecture.md, *Link
 * health*): a link with nothing wrong on itself is still out of the rotation while its owner is
 * blocked or lapsed, and must not say Active then. Then what takes it out by the date (docs/architecture.md:
 * *Outcomes, caps and snoozes*): its program's offer ended (the program says so, not the
 * link: pass `offerEnded`), its owner's cap reached, its owner's snooze.
 */
export function linkStatus(
  link: Pick<ReferralLink, "isDead" | "approved" | "paused" | "isActive"> & {
    health: Pick<LinkHealth, "status">;
    cap?: ReferralLink["cap"];
    snoozedUntil?: ReferralLink["snoozedUntil"];
  },
  program: { offerEnded?: boolean } = {},
): LinkStatus {
  if (link.isDead) return "dead";
  if (!link.approved) return "pending";
  if (link.paused) return "paused";
  if (link.health.status === "failing") return "failing";
  if (program.offerEnded) return "ended";
  if (link.cap?.reached) return "capped";
  if (link.snoozedUntil) return "snoozed";
  return link.isActive ? "active" : "held";
}
