/*
 * Texts and names both sides share, in a module that does not import zod: the web app's first page
 * (the landing page, /programs) uses them before anything loads the schemas, which come with the
 * first API call. errors.ts and community.ts re-export them.
 */

/** Fixed texts both sides must agree on, word for word. */
export const MESSAGES = {
  noActiveSubscription: "No active subscription found for this email address",
  invalidCredentials: "Invalid username or password",
  unauthenticated: "Authentication required",
  forbidden: "You must be an administrator to do this",
  blocked: "Your account has been blocked",
  rateLimited: "Too many requests, please try again later",
  internal: "Internal server error",
  notFound: "Not found",
} as const;

/** What the hub calls itself: in page titles, headings and e-mails. */
export const hubNameOf = (community: { name: string } | undefined): string =>
  community ? `${community.name} Referral Hub` : "Referral Hub";
