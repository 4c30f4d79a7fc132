import type { ReferralLink } from "@hub/contract/links";

/** Whether the server counts the link as active: the rotation's own decision, sent with each link. */
export type ActiveFlag = Pick<ReferralLink, "isActive">;

/**
 * Active is what the rotation decides (approved, not paused, not dead, not failing its health checks,
 * owner neither blocked nor lapsed). The browser cannot see owners' accounts, so it never works this
 * out itself: it reads the server's `isActive`, and every screen says the same as the rotation does.
 */
export function isActiveLink(link: ActiveFlag): boolean {
  return link.isActive;
}

export function countActiveLinks(links: readonly ActiveFlag[]): number {
  return links.filter(isActiveLink).length;
}

/** E-mails are stored lower-cased; normalising again keeps a stray capital from splitting one owner in two. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
