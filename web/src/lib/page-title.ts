import { hubNameOf } from "@hub/contract/texts";

/** "Referral Programs · Demo Points Club Referral Hub"; the home page is the hub's name alone. */
export function pageTitle(page: string | null, communityName: string | undefined): string {
  const hub = hubNameOf(communityName === undefined ? undefined : { name: communityName });
  return page ? `${page} · ${hub}` : hub;
}
