import type { ReferralLink } from "@hub/contract/links";

type LinkFlags = Pick<ReferralLink, "approved" | "paused" | "isDead">;

/** Only active links take part in the rotation (spec section 4). */
export function isActiveLink(link: LinkFlags): boolean {
  return link.approved && !link.paused && !link.isDead;
}

export function countActiveLinks(links: readonly LinkFlags[]): number {
  return links.filter(isActiveLink).length;
}

/** E-mails are stored lower-cased; normalising again keeps a stray capital from splitting one owner in two. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
