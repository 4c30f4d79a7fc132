import type { Community } from "@hub/contract/community";
import { hubNameOf } from "@hub/contract/texts";

/** A mailto: link to the community's support address with a prefilled subject and body. */
export function buildSupportMailto(community: Community): string {
  const hub = hubNameOf(community);
  const subject = `${hub}: no active subscription found`;
  const body = [
    "Hello,",
    "",
    `I tried to log in to the ${hub}, but it said that no active subscription was found for my email address.`,
    "",
    "Email address I used: ",
    "",
    "Thank you",
  ].join("\n");
  // encodeURIComponent, not URLSearchParams: mail clients show its "+" for a space literally.
  return `mailto:${community.supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
