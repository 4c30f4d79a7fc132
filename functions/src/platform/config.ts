import { defineInt, defineSecret, defineString } from "firebase-functions/params";
import type { ClientIpSettings } from "./http/client-ip";
import { parseRanges, type AddressRanges } from "./http/ip-prefix";

/**
 * Deployment configuration. Values come from `functions/.env.<project>` (non-secret params) and
 * Secret Manager (secrets); the local suite provides both for the emulator. Nothing here is committed
 * with a real value.
 */
export const appOrigin = defineString("APP_ORIGIN", {
  description: "Public origin of the web app, used in e-mailed login links (e.g. https://hub.example.com)",
});
/** APP_ORIGIN without a trailing slash, as addresses are built on it (readable only while handling a request). */
export const appOriginValue = (): string => appOrigin.value().replace(/\/+$/, "");
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
/**
 * Where rate limits read the caller's address (platform/http/client-ip.ts). Behind Firebase Hosting the
 * request passes Fastly (which appends the client to X-Forwarded-For) and Google's front end (which
 * appends Fastly's address), so the client is the second entry from the right; see docs/deploy.md's
 * 'Client address behind Hosting' for the sources and how to confirm it from the logs after deploy.
 */
export const clientIpHeader = defineString("CLIENT_IP_HEADER", {
  default: "x-forwarded-for",
  description: "Request header that carries the client's address (x-forwarded-for, or fastly-client-ip with 1 hop)",
});
export const clientIpTrustedHops = defineInt("CLIENT_IP_TRUSTED_HOPS", {
  default: 2,
  description: "How many entries at the right end of that header our proxies wrote: 2 behind Firebase Hosting, 1 for direct calls",
});
/**
 * Fastly's published edge ranges (https://api.fastly.com/public-ip-list), through which Firebase
 * Hosting passes requests to functions. Only a request whose X-Forwarded-For shows one of these right
 * of the client's entry came through Hosting (platform/http/client-ip.ts). Fastly announces changes
 * before it uses new ranges: docs/deploy.md says how to refresh this.
 */
export const DEFAULT_HOSTING_CDN_RANGES = [
  "23.235.32.0/20",
  "43.249.72.0/22",
  "103.244.50.0/24",
  "103.245.222.0/23",
  "103.245.224.0/24",
  "104.156.80.0/20",
  "140.248.64.0/18",
  "140.248.128.0/17",
  "146.75.0.0/17",
  "151.101.0.0/16",
  "157.52.64.0/18",
  "167.82.0.0/17",
  "167.82.128.0/20",
  "167.82.160.0/20",
  "167.82.224.0/20",
  "172.111.64.0/18",
  "185.31.16.0/22",
  "199.27.72.0/21",
  "199.232.0.0/16",
  "2a04:4e40::/32",
  "2a04:4e42::/32",
].join(",");
export const hostingCdnRanges = defineString("HOSTING_CDN_RANGES", {
  default: DEFAULT_HOSTING_CDN_RANGES,
  description: "Comma-separated CIDR ranges of Hosting's CDN (Fastly's public IP list)",
});
let parsedRanges: { text: string; ranges: AddressRanges } | null = null;
/** Read while handling a request (params have no value at module load); the ranges parsed once per value. */
export const clientIpSettings = (): ClientIpSettings => {
  const text = hostingCdnRanges.value();
  if (parsedRanges?.text !== text) parsedRanges = { text, ranges: parseRanges(text) };
  return {
    header: clientIpHeader.value().trim().toLowerCase(),
    trustedHops: clientIpTrustedHops.value(),
    cdnRanges: parsedRanges.ranges,
  };
};
/**
 * The hub-wide ceiling on login e-mails per UTC clock hour (auth/login-mail-ceiling.ts): beyond it
 * login mail is dropped and an error logged, so the mail account cannot be used as a spam relay.
 * 1,000 is the default of auth/login-mail-ceiling.ts' DEFAULT_LOGIN_MAILS_PER_HOUR.
 */
export const loginMailsPerHour = defineInt("LOGIN_MAILS_PER_HOUR", {
  default: 1000,
  description: "Most login e-mails the hub sends in one hour, all addresses together; beyond it they are dropped and an error logged",
});
export const smtpUrl = defineSecret("SMTP_URL");
export const stripeSecretKey = defineSecret("STRIPE_SECRET_KEY");
/**
 * What `POST /api/register` asks for before it makes the first admin of a deployed project, so
 * nobody else can take a fresh deploy in the window before its operator registers.
 */
export const adminSetupToken = defineSecret("ADMIN_SETUP_TOKEN");

/**
 * The key the rotation signs its visitor cookie with (HMAC-SHA256, rotation/visitor-cookie.ts), so it
 * honours only the links it chose itself; and the secret keyed hashes of personal values derive their
 * keys from (platform/keyed-hash.ts), such as the API's rate limits on a client address. Bound to the
 * `redirect` function and, through `apiSecrets`, to `api` and the job queue. Changing it forgets every
 * visitor (their next visit is chosen and counted as a new one) and restarts every rate limit.
 */
export const visitorCookieSecret = defineSecret("VISITOR_COOKIE_SECRET");

export const apiSecrets = [smtpUrl, stripeSecretKey, adminSetupToken, visitorCookieSecret];

export const isEmulator = (): boolean => process.env.FUNCTIONS_EMULATOR === "true";
