import type { ReferralLink } from "@hub/contract/links";

/** Only the link's health status: whether the health check took it out of the rotation. */
export type HealthStatus = { health: Pick<ReferralLink["health"], "status"> };
export type LinkFlags = Pick<ReferralLink, "approved" | "paused" | "isDead"> & HealthStatus;

/**
 * Only active links take part in the rotation (spec section 4); a failing link (two broken tests in a
 * row) has left it until a test finds it working (contract *Link health*).
 */
export function isActiveLink(link: LinkFlags): boolean {
  return link.approved && !link.paused && !link.isDead && link.health.status !== "failing";
}

export function countActiveLinks(links: readonly LinkFlags[]): number {
  return links.filter(isActiveLink).length;
}

/** E-mails are stored lower-cased; normalising again keeps a stray capital from splitting one owner in two. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
