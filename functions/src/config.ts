import { defineSecret, defineString } from "firebase-functions/params";

/**
 * Deployment configuration. Values come from `functions/.env.<project>` (non-secret params) and
 * Secret Manager (secrets); the local suite provides both for the emulator. Nothing here is committed
 * with a real value.
 */
export const appOrigin = defineString("APP_ORIGIN", {
  description: "Public origin of the web app, used in e-mailed login links (e.g. https://hub.example.com)",
});
export const mailFrom = defineString("MAIL_FROM", {
  default: "Referral Hub <no-reply@example.com>",
  description: "From address of outgoing e-mail",
});
/** Empty for the real Stripe API; the local suite points it at its Stripe-compatible server. */
export const stripeApiUrl = defineString("STRIPE_API_URL", { default: "" });
export const firebaseWebApiKey = defineString("WEB_API_KEY", {
  description: "Web API key of the Firebase project, used by POST /api/login to check a password",
});
/** The community that runs the hub: named on the pages and in e-mails (see contract/community.ts). */
export const communityName = defineString("COMMUNITY_NAME", {
  description: "Name of the community whose members use the hub (e.g. Points Collective)",
});
export const communityJoinUrl = defineString("COMMUNITY_JOIN_URL", {
  description: "The community's public join page, opened by 'Join membership' and 'Join' (http or https)",
});
export const communitySupportEmail = defineString("COMMUNITY_SUPPORT_EMAIL", {
  description: "Members' support e-mail address, prefilled by 'Contact Support' and named in e-mails",
});
export const smtpUrl = defineSecret("SMTP_URL");
export const stripeSecretKey = defineSecret("STRIPE_SECRET_KEY");

export const apiSecrets = [smtpUrl, stripeSecretKey];

export const isEmulator = (): boolean => process.env.FUNCTIONS_EMULATOR === "true";
