/** A mailto: link to the members' support address with a prefilled subject and body. */
export function buildSupportMailto(supportEmail: string): string {
  const subject = "Referral Hub: no active subscription found";
  const body = [
    "Hello,",
    "",
    "I tried to log in to the Referral Hub, but it said that no active subscription was found for my email address.",
    "",
    "Email address I used: ",
    "",
    "Thank you",
  ].join("\n");
  // encodeURIComponent, not URLSearchParams: mail clients show its "+" for a space literally.
  return `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
