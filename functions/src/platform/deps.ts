import type { Community } from "@hub/contract/community";
import type { ClientIpSettings } from "./http/client-ip";
import type { Mailer } from "./mailer";

/**
 * What the services need from the outside world, given to the app factory once (app-deps.ts). The
 * interfaces of the outside services are written here, where the services read them; their real
 * implementations live with their capability (links/link-tester.ts, members/subscriptions.ts).
 */
export interface AppDeps {
  subscriptions: SubscriptionLookup;
  mailer: Mailer;
  /** The admin "test link" check: a real, SSRF-safe HTTP request. */
  linkTester: LinkTester;
  /** Reads a page under the link tester's rules (the terms watch): the same guarded connections. */
  pageReader: PageReader;
  /** The alerts channel's way out: the same guarded connections, and which webhook addresses it accepts. */
  webhooks: WebhookPoster & { isAllowedUrl(url: string): boolean };
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
  /**
   * The secret that keyed hashes of personal values are made with (VISITOR_COOKIE_SECRET, one key per
   * purpose derived from it): rate limits on an address, an e-mail or a username are kept under those.
   */
  keyedHashSecret: string;
  /** Where the caller's address is read for per-address rate limits (CLIENT_IP_HEADER, CLIENT_IP_TRUSTED_HOPS). */
  clientIp: ClientIpSettings;
  /** True only in the emulator: the login token is then returned in the answer too. */
  exposeLoginToken: boolean;
  /**
   * Where a login-link request goes after the rate limits: the `sendLoginMail` queue in production, so
   * the look-up and the sending run after the answer and its timing tells nothing. Null in the
   * emulator: the work is done before answering, so the answer can carry the token.
   */
  loginMailQueue: LoginMailQueue | null;
  /** The hub-wide ceiling on login e-mails per UTC hour (LOGIN_MAILS_PER_HOUR). */
  loginMailsPerHour: number;
  now: () => Date;
}

/** A login link to look up and send: the address lower-cased, and as typed when that differs (Stripe matches case-sensitively). */
export type LoginMailRequest = { email: string; typedEmail: string | null };

export interface LoginMailQueue {
  enqueue(request: LoginMailRequest): Promise<void>;
}

export interface SubscriptionLookupResult {
  customerId: string | null;
  subscriptionId: string | null;
  /** A Stripe subscription status, or 'not_found' when the e-mail has no customer or no subscription. */
  status: string;
  isActive: boolean;
  /** The prices of that subscription's items (what grants a member's tier); none when there is no subscription. */
  priceIds: string[];
}

/** Where member subscriptions are checked. Stripe in production and in the local suite. */
export interface SubscriptionLookup {
  /**
   * The best subscription of any customer with one of these addresses. Stripe compares e-mails
   * case-sensitively, so callers pass the address as the member typed it as well as lower-cased.
   */
  findByEmail(...emails: string[]): Promise<SubscriptionLookupResult>;
  /** The best subscription of a known customer; 'not_found' when Stripe no longer has it. */
  findByCustomer(customerId: string): Promise<SubscriptionLookupResult>;
  /**
   * One page (100) of every subscription of every status, newest first, with its customer's e-mail;
   * `next` is the cursor of the following page, null after the last.
   */
  listPage(cursor: string | null): Promise<SubscriptionListPage>;
  /**
   * Whether Stripe still has this customer (false: unknown to it, or deleted); throws when Stripe
   * answers anything else. Check All asks it of a member whose customer has no subscription listed.
   */
  customerKnown(customerId: string): Promise<boolean>;
}

export interface ListedSubscription {
  customerId: string;
  /** The customer's e-mail as Stripe has it, or null (none, or the customer was deleted). */
  email: string | null;
  subscriptionId: string;
  status: string;
  /** The subscription's prices (its items'): what grants a member's tier. Absent in listings stored before tiers. */
  priceIds?: string[];
}

export interface SubscriptionListPage {
  entries: ListedSubscription[];
  next: string | null;
}

export interface LinkTestValidation {
  isValid: boolean;
  /** Milliseconds from the start of the test to the final response (or to the failure), rounded up. */
  responseTime: number;
  errorMessage: string | null;
  /** Status of the last response received, or null when none was received. */
  statusCode: number | null;
  /** The last URL requested or refused (after redirects); null when the input is not a usable URL. */
  finalUrl: string | null;
  /**
   * Why no answer came, when known: Node's error code (ENOTFOUND, ECONNREFUSED, ...) or
   * REFUSED_ADDRESS for an address that is not public. Link health tells definite failures by it.
   */
  errorCode?: string;
}

export interface LinkTester {
  test(url: string): Promise<LinkTestValidation>;
}

/** A read of a page under the link tester's rules (the terms watch): the test, and the final 2xx answer's text. */
export interface PageRead extends LinkTestValidation {
  /** Null when no 2xx answer came (the test says why). */
  page: {
    /** Decoded as its charset says. */
    text: string;
    contentType: string | null;
    /** The body was longer than asked for: this is its beginning. */
    cut: boolean;
  } | null;
}

/** What one POST of a webhook answered: its status, or why none came. No answer body is kept. */
export interface WebhookPost {
  status: number | null;
  /** The answer's Retry-After header, as sent (a 429's or a 503's). */
  retryAfter: string | null;
  /** Why no answer came (a refused address, a timeout, a refused connection). */
  error: string | null;
  errorCode?: string;
}

export interface WebhookPoster {
  /** POSTs `body` (JSON) to `url` under the link tester's address rules, following no redirect. */
  post(url: string, headers: Record<string, string>, body: string): Promise<WebhookPost>;
}

export interface PageReader {
  /** Reads `url` as the link tester tests it (public addresses only, every redirect checked), at most `maxBytes` of decoded body. */
  read(url: string, maxBytes: number): Promise<PageRead>;
}
