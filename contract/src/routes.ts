/**
 * Every /api route, once: its method, path (under /api), who may call it, and the zod schemas of its
 * params, query, body and answer. The server registers its handlers from this table
 * (functions/src/route-table.ts), so no route exists without an access rule or parses its input by
 * hand; the web app calls the API through a client typed by it (callApi in web/src/lib/api-client.ts),
 * so no feature writes a path. functions/test/api/permissions.test.ts walks it for every kind of caller.
 *
 * Access:
 * - public: anyone, signed in or not.
 * - member: a signed-in user: 401 without a valid token, 403 BLOCKED for a blocked user,
 *   403 NO_ACTIVE_SUBSCRIPTION for a member whose subscription lapsed.
 * - admin: a signed-in admin (token not revoked): 401 without a valid token, 403 for anyone else.
 * - impersonation: only a token an admin got through 'Log in as user' (403 for every other caller).
 *
 * The access check runs first, then params (a malformed id names nothing: 404), query and body
 * (400 VALIDATION), then the handler: an anonymous call with a bad body is a 401.
 */
import { alertSettingsSchema, alertTestStartedSchema, updateAlertsRequestSchema } from "./alerts";
import { programTermsSchema, termsReviewRequestSchema } from "./terms";
import {
  analyticsOverviewSchema,
  analyticsQuerySchema,
  clickAnalyticsQuerySchema,
  clickRecordListSchema,
  programClickAnalyticsSchema,
  programReportQuerySchema,
  fairnessReportSchema,
  ownLinkStatsResponseSchema,
  trafficReportSchema,
  userAnalyticsListSchema,
} from "./analytics";
import {
  activeAnnouncementSchema,
  announcementSchema,
  saveAnnouncementRequestSchema,
  updateAnnouncementRequestSchema,
} from "./announcements";
import {
  emailLoginRequestSchema,
  emailLoginResponseSchema,
  loginRequestSchema,
  registerRequestSchema,
  sessionResponseSchema,
  tokenLoginQuerySchema,
  tokenLoginResponseSchema,
} from "./auth";
import { DOCUMENT_ID_PATTERN, LIMITS } from "./common";
import { communitySchema } from "./community";
import { jobIdParams, jobSchema, jobStartedSchema } from "./jobs";
import {
  bulkLinkRequestSchema,
  bulkLinkResultSchema,
  createLinkRequestSchema,
  createMemberLinkRequestSchema,
  linkTestResultSchema,
  linkTestSchema,
  markDeadRequestSchema,
  markDeadResultSchema,
  moveLinkRequestSchema,
  referralLinkListSchema,
  snoozeRequestSchema,
  referralLinkSchema,
  testLinkRequestSchema,
  testOwnLinkRequestSchema,
  updateLinkRequestSchema,
} from "./links";
import {
  createProgramRequestSchema,
  distributionModeRequestSchema,
  mergeProgramRequestSchema,
  mergeProgramResultSchema,
  programListSchema,
  programSchema,
  publicProgramListSchema,
  publicProgramsQuerySchema,
  toggleSharedRequestSchema,
  updateProgramRequestSchema,
} from "./programs";
import {
  adminUserListSchema,
  adminUserSchema,
  changePasswordRequestSchema,
  createUserRequestSchema,
  createUserResponseSchema,
  currentUserSchema,
  duplicateGroupListSchema,
  loginAsUserRequestSchema,
  loginAsUserResponseSchema,
  loginResponseSchema,
  mergeAccountsRequestSchema,
  mergeAccountsResultSchema,
  profileSchema,
  returnToAdminResponseSchema,
  unsubscribeRequestSchema,
  unsubscribeResultSchema,
  updateProfileRequestSchema,
  subscriptionCheckResultSchema,
  updateUserRequestSchema,
} from "./users";
import { createOutcomeRequestSchema, earningsSchema, outcomeAnalyticsSchema, outcomeSchema, outcomesQuerySchema } from "./outcomes";
import { tierSettingsSchema, updateTiersRequestSchema } from "./tiers";
import { z } from "./zod";

export const ROUTE_ACCESS = ["public", "member", "admin", "impersonation"] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];
export type RouteMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One route of the table. */
export interface RouteSpec {
  method: RouteMethod;
  /** Express-style, under /api: `/links/:id/approve`. */
  path: string;
  access: RouteAccess;
  /** A public route that still reads who calls, when a valid token comes (GET /auth/session). */
  optionalCaller?: true;
  /** The path's parameters; an invalid one answers 404 NOT_FOUND with the schema's message. */
  params?: z.ZodType<Record<string, string>>;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer's JSON (absent: no body, 204). */
  response?: z.ZodType;
  /** The answer is a file of this type instead of JSON (the handler returns its text). */
  file?: "text/csv";
  /** The success status: 200 unless it says 201 (created), 202 (a job started) or 204 (no body). */
  status?: 200 | 201 | 202 | 204;
}

// A document id this API never hands out (a decoded "/", Firestore's reserved names, over-long) names nothing.
const idParams = z.object({ id: z.string({ error: "Not found" }).regex(DOCUMENT_ID_PATTERN, { error: "Not found" }) });
// The username is the member's e-mail, as it is stored.
const usernameParams = z.object({
  username: z.string({ error: "User not found" }).min(1, { error: "User not found" }).max(LIMITS.email, { error: "User not found" }),
});

export const API = {
  // Session and login
  /** Whether the caller is signed in, and as whom; never 401. */
  getSession: { method: "GET", path: "/auth/session", access: "public", optionalCaller: true, response: sessionResponseSchema },
  /**
   * Mails a member a sign-in link. The answer is `{ sent: true }` for every address, known or not; a link is made only for a user or a
   * Stripe customer, under per-address, per-client and hub-wide limits.
   */
  sendLoginLink: {
    method: "POST",
    path: "/auth/email",
    access: "public",
    body: emailLoginRequestSchema,
    response: emailLoginResponseSchema,
  },
  /**
   * Exchanges a login link's token (an hour, five uses) for a Firebase custom token; asks Stripe for the member's subscription (not for
   * admins or users an admin made).
   */
  exchangeLoginToken: {
    method: "GET",
    path: "/auth/login",
    access: "public",
    query: tokenLoginQuerySchema,
    response: tokenLoginResponseSchema,
  },
  /** The same as POST /logout, under the member API's prefix. */
  endMemberSessions: { method: "POST", path: "/auth/logout", access: "member", status: 204 },
  /** The caller's user record: e-mail, name, admin or not, approval, subscription status, impersonation. */
  getCurrentUser: { method: "GET", path: "/user", access: "member", response: currentUserSchema },
  /** The caller's own settings. */
  getProfile: { method: "GET", path: "/user/profile", access: "member", response: profileSchema },
  /** Turns the caller's Monday digest e-mail on or off. */
  updateProfile: { method: "PATCH", path: "/user/profile", access: "member", body: updateProfileRequestSchema, response: profileSchema },
  /** An admin's username and password for a Firebase custom token, for clients that cannot use the Firebase SDK. */
  login: { method: "POST", path: "/login", access: "public", body: loginRequestSchema, response: loginResponseSchema },
  /** Makes the first admin, only while there is none; outside the emulator it needs the deploy's setup token. */
  register: {
    method: "POST",
    path: "/register",
    access: "public",
    body: registerRequestSchema,
    response: loginResponseSchema,
    status: 201,
  },
  /** Ends the caller's sessions (with an impersonation token: only that impersonation). */
  logout: { method: "POST", path: "/logout", access: "member", status: 204 },
  /** 'Log in as user': a custom token for the member, marked as an impersonation by this admin (never another admin). */
  loginAsUser: {
    method: "POST",
    path: "/auth/login-as-user",
    access: "admin",
    body: loginAsUserRequestSchema,
    response: loginAsUserResponseSchema,
  },
  /** 'Back to Admin': ends the impersonation and hands back a custom token for the admin. */
  returnToAdmin: { method: "POST", path: "/auth/return-to-admin", access: "impersonation", response: returnToAdminResponseSchema },

  // The open site
  /** The community's name, join address and support e-mail. */
  getCommunity: { method: "GET", path: "/public/community", access: "public", response: communitySchema },
  /**
   * The approved programs shared on the open page, with public fields only (no e-mails, link addresses or per-member counts); cacheable for
   * a minute.
   */
  listPublicPrograms: {
    method: "GET",
    path: "/public/programs",
    access: "public",
    query: publicProgramsQuerySchema,
    response: publicProgramListSchema,
  },
  /** A digest's one-click unsubscribe (RFC 8058): the signed token is the only credential. */
  unsubscribe: {
    method: "POST",
    path: "/public/unsubscribe",
    access: "public",
    body: unsubscribeRequestSchema,
    response: unsubscribeResultSchema,
  },
  /** The announcement, when one is active; else null. */
  getActiveAnnouncement: { method: "GET", path: "/announcements/active", access: "public", response: activeAnnouncementSchema },

  // Programs
  /**
   * The programs the caller may see (an admin: all; a member: the approved ones and their own proposals), with link counts and rotation
   * addresses.
   */
  listPrograms: { method: "GET", path: "/programs", access: "member", response: programListSchema },
  /** A member proposes a program (waiting for approval); an admin's is approved at once. Only an admin may set program rules. */
  createProgram: {
    method: "POST",
    path: "/programs",
    access: "member",
    body: createProgramRequestSchema,
    response: programSchema,
    status: 201,
  },
  /** An admin's edit: name, slug, description, fallback address, rules (referrer cap, offer end, terms link). */
  updateProgram: {
    method: "PATCH",
    path: "/programs/:id",
    access: "admin",
    params: idParams,
    body: updateProgramRequestSchema,
    response: programSchema,
  },
  /** The versions of the program's terms page the watch kept, and what changed from the reviewed one to the latest. */
  getProgramTerms: { method: "GET", path: "/programs/:id/terms", access: "admin", params: idParams, response: programTermsSchema },
  /** Marks the latest version of the terms reviewed (any other: 409 CONFLICT); the program, no longer `changed`. */
  reviewProgramTerms: {
    method: "POST",
    path: "/programs/:id/terms/review",
    access: "admin",
    params: idParams,
    body: termsReviewRequestSchema,
    response: programSchema,
  },
  /** Deletes the program with its links and their clicks. */
  deleteProgram: { method: "DELETE", path: "/programs/:id", access: "admin", params: idParams, status: 204 },
  /** Approves a proposal; it gets its short address then. */
  approveProgram: { method: "POST", path: "/programs/:id/approve", access: "admin", params: idParams, response: programSchema },
  /** Moves every link (and outcome) into the target program, then deletes this one; its slugs lead to the target. */
  mergeProgram: {
    method: "POST",
    path: "/programs/:id/merge",
    access: "admin",
    params: idParams,
    body: mergeProgramRequestSchema,
    response: mergeProgramResultSchema,
  },
  /** `even` (round-robin) or `balanced` (the link with the fewest counted visits next). */
  setDistributionMode: {
    method: "POST",
    path: "/programs/:id/distribution-mode",
    access: "admin",
    params: idParams,
    body: distributionModeRequestSchema,
    response: programSchema,
  },
  /** Shows the program on the open programs page, or not. */
  toggleProgramShared: {
    method: "POST",
    path: "/programs/:id/toggle-shared",
    access: "admin",
    params: idParams,
    body: toggleSharedRequestSchema,
    response: programSchema,
  },

  // Links (admin; POST /links is the /submit form, a member for their own e-mail)
  /** Every link, for the admin's Referral Links tab. */
  listLinks: { method: "GET", path: "/links", access: "admin", response: referralLinkListSchema },
  /** The /submit form: a link for a program, pending review. A member submits only for their own e-mail. */
  submitLink: {
    method: "POST",
    path: "/links",
    access: "member",
    body: createLinkRequestSchema,
    response: referralLinkSchema,
    status: 201,
  },
  /** Approve, pause, mark dead or test up to 100 links at once; the answer names the ones that failed. */
  bulkUpdateLinks: { method: "PATCH", path: "/links/bulk", access: "admin", body: bulkLinkRequestSchema, response: bulkLinkResultSchema },
  /** An admin's edit of a link; a new address resets its health. */
  updateLink: {
    method: "PATCH",
    path: "/links/:id",
    access: "admin",
    params: idParams,
    body: updateLinkRequestSchema,
    response: referralLinkSchema,
  },
  /** Deletes the link and its clicks. */
  deleteLink: { method: "DELETE", path: "/links/:id", access: "admin", params: idParams, status: 204 },
  /** Approves the link: it joins the rotation when nothing else holds it out. */
  approveLink: { method: "POST", path: "/links/:id/approve", access: "admin", params: idParams, response: referralLinkSchema },
  /** Takes the link out of the rotation until unpaused. */
  pauseLink: { method: "POST", path: "/links/:id/pause", access: "admin", params: idParams, response: referralLinkSchema },
  /** Brings a paused link back. */
  unpauseLink: { method: "POST", path: "/links/:id/unpause", access: "admin", params: idParams, response: referralLinkSchema },
  /** Clears the dead mark. */
  markLinkAlive: { method: "POST", path: "/links/:id/mark-alive", access: "admin", params: idParams, response: referralLinkSchema },
  /** Marks the link dead (out of the rotation) and e-mails its owner the note; the answer says whether the mail went. */
  markLinkDead: {
    method: "POST",
    path: "/links/:id/mark-dead",
    access: "admin",
    params: idParams,
    body: markDeadRequestSchema,
    response: markDeadResultSchema,
  },
  /** Moves the link to another program (not into one whose offer has ended). */
  moveLink: {
    method: "POST",
    path: "/links/:id/move",
    access: "admin",
    params: idParams,
    body: moveLinkRequestSchema,
    response: referralLinkSchema,
  },
  /** A real HTTP check of the link's address from the server (10 s, 5 redirects, public addresses only), recorded on the link. */
  testLink: {
    method: "POST",
    path: "/admin/test-referral-link/:id",
    access: "admin",
    params: idParams,
    body: testLinkRequestSchema,
    response: linkTestResultSchema,
  },

  // Outcomes (member: their own only)
  /** The caller's Earnings for a year: each outcome and the totals per currency. */
  listOwnOutcomes: { method: "GET", path: "/user/outcomes", access: "member", query: outcomesQuerySchema, response: earningsSchema },
  /** The same year's outcomes as a CSV file. */
  exportOwnOutcomes: { method: "GET", path: "/user/outcomes/export", access: "member", query: outcomesQuerySchema, file: "text/csv" },
  /** Deletes one of the caller's outcomes; a cap it counted towards lifts at once. */
  deleteOwnOutcome: { method: "DELETE", path: "/user/outcomes/:id", access: "member", params: idParams, status: 204 },

  // Links (member: their own only)
  /** The caller's links: dead first, then pending, then newest. */
  listOwnLinks: { method: "GET", path: "/user/links", access: "member", response: referralLinkListSchema },
  /** For each of the caller's links, its visits and its fair share in the window. */
  ownLinkStats: {
    method: "GET",
    path: "/user/links/stats",
    access: "member",
    query: analyticsQuerySchema,
    response: ownLinkStatsResponseSchema,
  },
  /** A link of the caller's own, pending review. */
  submitOwnLink: {
    method: "POST",
    path: "/user/links",
    access: "member",
    body: createMemberLinkRequestSchema,
    response: referralLinkSchema,
    status: 201,
  },
  /** Edits the caller's own link; a new address goes back to review. */
  updateOwnLink: {
    method: "PATCH",
    path: "/user/links/:id",
    access: "member",
    params: idParams,
    body: updateLinkRequestSchema,
    response: referralLinkSchema,
  },
  /** Deletes the caller's own link. */
  deleteOwnLink: { method: "DELETE", path: "/user/links/:id", access: "member", params: idParams, status: 204 },
  /** Takes the caller's link out of the rotation until a day after today (at most 366 days ahead). */
  snoozeOwnLink: {
    method: "POST",
    path: "/user/links/:id/snooze",
    access: "member",
    params: idParams,
    body: snoozeRequestSchema,
    response: referralLinkSchema,
  },
  /** Ends the snooze: the link is back at once. */
  endOwnLinkSnooze: { method: "DELETE", path: "/user/links/:id/snooze", access: "member", params: idParams, status: 204 },
  /**
   * Records what came of a referral on the caller's own link: signed up, paid (amount and currency optional) or clawed back, dated at most
   * tomorrow (UTC).
   */
  recordOutcome: {
    method: "POST",
    path: "/user/links/:id/outcomes",
    access: "member",
    params: idParams,
    body: createOutcomeRequestSchema,
    response: outcomeSchema,
    status: 201,
  },
  /** The caller's own test of their link (a few an hour per link); an ok test brings a failing link back. */
  testOwnLink: {
    method: "POST",
    path: "/user/links/:id/test",
    access: "member",
    params: idParams,
    body: testOwnLinkRequestSchema,
    response: linkTestSchema,
  },

  // Users and admin actions
  /** Every user with their link count, by username. */
  listUsers: { method: "GET", path: "/users", access: "admin", response: adminUserListSchema },
  /**
   * An admin's edit of a user: name, notes, e-mail (every link's follows), payment IDs, tier (an id, or null for the automatic one).
   * An admin's e-mail needs a fresh password sign-in.
   */
  updateUser: {
    method: "PATCH",
    path: "/users/:username",
    access: "admin",
    params: usernameParams,
    body: updateUserRequestSchema,
    response: adminUserSchema,
  },
  /** Deletes the user with their links, clicks, tokens and sign-in account (never the caller). */
  deleteUser: { method: "DELETE", path: "/users/:username", access: "admin", params: usernameParams, status: 204 },
  /** Blocks the user: their links pause and their sessions end (never the caller). */
  blockUser: { method: "POST", path: "/users/:username/block", access: "admin", params: usernameParams, response: adminUserSchema },
  /** Lifts the block. */
  unblockUser: { method: "POST", path: "/users/:username/unblock", access: "admin", params: usernameParams, response: adminUserSchema },
  /** Approves the member. */
  approveUser: { method: "POST", path: "/users/:username/approve", access: "admin", params: usernameParams, response: adminUserSchema },
  /** Creates a member, approved at once, who needs no subscription. */
  createUser: {
    method: "POST",
    path: "/admin/create-user",
    access: "admin",
    body: createUserRequestSchema,
    response: createUserResponseSchema,
    status: 201,
  },
  /** The signed-in admin's own password; needs a password sign-in at most five minutes old. */
  changeAdminPassword: { method: "POST", path: "/admin/password", access: "admin", body: changePasswordRequestSchema, status: 204 },
  /** Asks Stripe now about one member's subscription and stores the answer. */
  checkSubscription: {
    method: "POST",
    path: "/admin/check-subscription/:username",
    access: "admin",
    params: usernameParams,
    response: subscriptionCheckResultSchema,
  },
  /** Checks every member's subscription against Stripe, as a job (also every day). */
  checkAllSubscriptions: {
    method: "POST",
    path: "/admin/check-all-subscriptions",
    access: "admin",
    response: jobStartedSchema,
    status: 202,
  },
  /** Approves every member with an active subscription, as a job. */
  autoApproveSubscribers: {
    method: "POST",
    path: "/admin/auto-approve-subscribers",
    access: "admin",
    response: jobStartedSchema,
    status: 202,
  },
  /** The link-health check now, as a job (also every 6 hours). */
  runLinkHealth: { method: "POST", path: "/admin/link-health/run", access: "admin", response: jobStartedSchema, status: 202 },
  /** The one-off rewrite of whole client addresses older code stored (click records, login tokens). */
  runAddressTruncation: { method: "POST", path: "/admin/address-truncation/run", access: "admin", response: jobStartedSchema, status: 202 },
  /** The day's turn (caps resuming, snoozes ending, offers ending and their warnings); also at 00:05 UTC. */
  runDaily: { method: "POST", path: "/admin/daily/run", access: "admin", response: jobStartedSchema, status: 202 },
  /** The one-off job giving approved programs without a slug their short address (`/r/{slug}`, docs/architecture.md). */
  runProgramSlugs: { method: "POST", path: "/admin/program-slugs/run", access: "admin", response: jobStartedSchema, status: 202 },
  /** The alerts channel: its webhook (host and masked path only), the events it is sent, its last delivery. */
  getAlerts: { method: "GET", path: "/admin/alerts", access: "admin", response: alertSettingsSchema },
  /** Sets the webhook (null turns the channel off), its events, or a new signing secret (shown once, in this answer). */
  updateAlerts: { method: "PUT", path: "/admin/alerts", access: "admin", body: updateAlertsRequestSchema, response: alertSettingsSchema },
  /** Sends a test message through the channel, as any event goes; its outcome shows in `lastDelivery`. */
  sendTestAlert: { method: "POST", path: "/admin/alerts/test", access: "admin", response: alertTestStartedSchema, status: 202 },
  /** The membership tiers (weights and the Stripe prices that grant them); one `standard` tier until an admin saves some. */
  getTiers: { method: "GET", path: "/admin/tiers", access: "admin", response: tierSettingsSchema },
  /** Replaces the tiers: a price in two tiers is `409 CONFLICT`; a removed tier's members move to the default. */
  updateTiers: { method: "PUT", path: "/admin/tiers", access: "admin", body: updateTiersRequestSchema, response: tierSettingsSchema },
  /** The terms watch now, as a job (also daily at 02:00 UTC): every approved program's terms page read. */
  runTermsWatch: { method: "POST", path: "/admin/terms/run", access: "admin", response: jobStartedSchema, status: 202 },
  /** The weekly digest, now; also on Mondays at 08:00 UTC. At most one per member per ISO week either way. */
  runWeeklyDigest: { method: "POST", path: "/admin/weekly-digest/run", access: "admin", response: jobStartedSchema, status: 202 },
  /** A job's state, progress and, once done, its summary. */
  getJob: { method: "GET", path: "/admin/jobs/:jobId", access: "admin", params: jobIdParams, response: jobSchema },
  /** Accounts that share an e-mail address, oldest first. */
  listDuplicateUsers: { method: "GET", path: "/admin/duplicate-users", access: "admin", response: duplicateGroupListSchema },
  /** Folds a duplicate account into the primary one: links and login tokens move, the duplicate goes. */
  mergeAccounts: {
    method: "POST",
    path: "/admin/merge-accounts",
    access: "admin",
    body: mergeAccountsRequestSchema,
    response: mergeAccountsResultSchema,
  },
  /** Every link as a CSV file. */
  exportCsv: { method: "GET", path: "/admin/export-csv", access: "admin", file: "text/csv" },

  // Announcements
  /** The announcement as saved, active or not. */
  getAnnouncement: { method: "GET", path: "/announcements", access: "admin", response: activeAnnouncementSchema },
  /** Saves the one announcement (making it if there is none). */
  saveAnnouncement: {
    method: "POST",
    path: "/announcements",
    access: "admin",
    body: saveAnnouncementRequestSchema,
    response: announcementSchema,
  },
  /** Edits the announcement. */
  updateAnnouncement: {
    method: "PATCH",
    path: "/announcements/:id",
    access: "admin",
    params: idParams,
    body: updateAnnouncementRequestSchema,
    response: announcementSchema,
  },

  // Analytics
  /**
   * Clicks per link and day (per month beyond the last 30 days) in the window, optionally of one
   * program, a page of at most 10,000 records at a time (the next in the `Link` header).
   */
  clickAnalytics: {
    method: "GET",
    path: "/analytics/clicks",
    access: "admin",
    query: clickAnalyticsQuerySchema,
    response: clickRecordListSchema,
  },
  /** The dashboard's totals and every program's clicks, links and active links in the window. */
  analyticsOverview: {
    method: "GET",
    path: "/analytics/overview",
    access: "admin",
    query: analyticsQuerySchema,
    response: analyticsOverviewSchema,
  },
  /** One program's clicks per hour, day, week or month of the window, and each of its links' clicks. */
  programClickAnalytics: {
    method: "GET",
    path: "/analytics/programs/:id",
    access: "admin",
    params: idParams,
    query: analyticsQuerySchema,
    response: programClickAnalyticsSchema,
  },
  /** Clicks per member in the window. */
  userAnalytics: {
    method: "GET",
    path: "/analytics/users",
    access: "admin",
    query: analyticsQuerySchema,
    response: userAnalyticsListSchema,
  },
  /** Per program and link: counted visits, sign-ups, paid referrals, claw-backs and conversion in the window. */
  outcomeAnalytics: {
    method: "GET",
    path: "/analytics/outcomes",
    access: "admin",
    query: programReportQuerySchema,
    response: outcomeAnalyticsSchema,
  },
  /** Per program: visits, Jain's index and largest deviation, and each link's fair share; programs that stand out first. */
  fairnessReport: {
    method: "GET",
    path: "/analytics/fairness",
    access: "admin",
    query: programReportQuerySchema,
    response: fairnessReportSchema,
  },
  /** Requests to each program's rotation address: counted, and not counted by reason (docs/architecture.md, *Honest counts*). */
  trafficReport: {
    method: "GET",
    path: "/analytics/traffic",
    access: "admin",
    query: analyticsQuerySchema,
    response: trafficReportSchema,
  },
} as const satisfies Record<string, RouteSpec>;

export type Api = typeof API;
export type RouteName = keyof Api;

// What each part of a route is, as its schema reads it (absent parts are `undefined`).
type Part<R, K extends "params" | "query" | "body" | "response"> = R extends { [P in K]: infer S extends z.ZodType } ? S : undefined;
/** What a handler receives (parsed) for the route's part. */
export type RouteInput<N extends RouteName, K extends "params" | "query" | "body"> =
  Part<Api[N], K> extends z.ZodType ? z.output<Part<Api[N], K>> : undefined;
/** What a client sends for the route's part (before the schema's trimming and defaults). */
export type RouteRequest<N extends RouteName, K extends "params" | "query" | "body"> =
  Part<Api[N], K> extends z.ZodType ? z.input<Part<Api[N], K>> : undefined;
/** What the route answers: its response's JSON, a file's text, or nothing (204). */
export type RouteOutput<N extends RouteName> = Api[N] extends { file: string }
  ? string
  : Part<Api[N], "response"> extends z.ZodType
    ? z.output<Part<Api[N], "response">>
    : void;

/** "METHOD /path" of every route, the form the contract's permission table is written in. */
export type ApiRoute = { [N in RouteName]: `${Api[N]["method"]} ${Api[N]["path"]}` }[RouteName];

/** The permission table: "METHOD /path" → access. */
export const API_ROUTES = Object.fromEntries(Object.values(API).map((r: RouteSpec) => [`${r.method} ${r.path}`, r.access])) as Record<
  ApiRoute,
  RouteAccess
>;

/** The rotation address: its own function (`redirect`), open to everyone, outside the /api app. */
export const ROTATION_ROUTE = "GET /programs/:id/redirect";

/** A program's rotation address from the site's root: `/api/programs/{id}/redirect`, the id encoded. */
export function rotationPath(programId: string): string {
  return pathOf({ path: ROTATION_ROUTE.slice(ROTATION_ROUTE.indexOf(" ") + 1) }, { id: programId });
}

export function splitRoute(route: ApiRoute): { method: RouteMethod; path: string } {
  const [method, path] = route.split(" ") as [RouteMethod, string];
  return { method, path };
}

/** The concrete path of a route under /api, its parameters encoded (a username is an e-mail). */
export function pathOf(spec: Pick<RouteSpec, "path">, params?: Record<string, string>): string {
  return `/api${spec.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${spec.path}`);
    return encodeURIComponent(value);
  })}`;
}

/**
 * A handler's output as its route's response schema reads it: only the fields the schema lists; or,
 * when the schema refuses it, its first five problems by path. A route without a JSON schema passes
 * its output as it is. One reading for the server that sends the answer and the tests that check it.
 */
export function readAnswer(
  spec: Pick<RouteSpec, "response">,
  output: unknown,
): { ok: true; answer: unknown } | { ok: false; problems: string } {
  if (!spec.response) return { ok: true, answer: output };
  const parsed = spec.response.safeParse(output);
  if (parsed.success) return { ok: true, answer: parsed.data };
  const problems = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join(".") || "(answer)"}: ${i.message}`);
  return { ok: false, problems: problems.join("; ") };
}

// ---- What a client sends ------------------------------------------------------------------------

type RoutePart = "params" | "query" | "body";
// A query whose fields are all optional may be left out: no query string is the empty query.
type OptionalPart<N extends RouteName, K extends RoutePart> = K extends "query"
  ? Record<never, never> extends RouteRequest<N, K>
    ? K
    : never
  : never;

/**
 * The parts a client sends to call a route, as the route's schemas read them: each part the route has
 * a schema for (required, but for a query that needs nothing), none of the others.
 */
export type RouteCallInput<N extends RouteName> = {
  [K in RoutePart as K extends keyof Api[N] ? Exclude<K, OptionalPart<N, K>> : never]: RouteRequest<N, K>;
} & {
  [K in RoutePart as K extends keyof Api[N] ? OptionalPart<N, K> : never]?: RouteRequest<N, K>;
} & {
  [K in Exclude<RoutePart, keyof Api[N]>]?: never;
};
