import type { Community } from "@hub/contract/community";
import type { ClientIpSettings } from "../routes/client-ip";
import type { LinkTester } from "./link-tester";
import type { Mailer } from "./mailer";
import type { SubscriptionLookup } from "./subscriptions";

/** What the services need from the outside world, given to the app factory once. */
export interface AppDeps {
  subscriptions: SubscriptionLookup;
  mailer: Mailer;
  /** The admin "test link" check: a real, SSRF-safe HTTP request. */
  linkTester: LinkTester;
  /** Origin of the web app for links in e-mails: from configuration, never from the Host header. */
  appOrigin: string;
  /**
   * The community that runs the hub (configuration): named on the pages and in e-mails. Null when the
   * configuration is invalid: only what needs it then fails, not every route.
   */
  community: Community | null;
  /** Web API key of the Firebase project, for password checks on POST /api/login. */
  webApiKey: string;
  /**
   * The setup secret `POST /api/register` requires (ADMIN_SETUP_TOKEN). Null only in the emulator,
   * where registering needs none; empty when a deploy did not set it, which refuses everyone.
   */
  adminSetupToken: string | null;
  /** Where the caller's address is read for per-address rate limits (CLIENT_IP_HEADER, CLIENT_IP_TRUSTED_HOPS). */
  clientIp: ClientIpSettings;
  /** True only in the emulator: the login token is then returned in the answer too. */
  exposeLoginToken: boolean;
  now: () => Date;
}
