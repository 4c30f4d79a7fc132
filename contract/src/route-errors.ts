import type { ErrorCode } from "./errors";
import type { RouteName } from "./routes";

/**
 * The error codes a route's handler may answer beyond those its table entry already implies (the API
 * reference, docs/openapi.json, adds those itself: the access check's 401 and 403, a path parameter's
 * 404, a query's or body's 400 VALIDATION, a body's 400 BAD_REQUEST, 413 and 415, and 500 INTERNAL).
 * Written from the services in functions/src that each route's handler calls: keep it beside them
 * when a handler learns a new refusal.
 */
export const ROUTE_ERRORS: { readonly [N in RouteName]?: readonly ErrorCode[] } = {
  // Session and login
  sendLoginLink: ["RATE_LIMITED", "UPSTREAM_UNAVAILABLE"],
  exchangeLoginToken: ["TOKEN_INVALID", "TOKEN_EXPIRED", "TOKEN_USED_UP", "BLOCKED", "NO_ACTIVE_SUBSCRIPTION", "UPSTREAM_UNAVAILABLE"],
  updateProfile: ["NOT_FOUND"],
  login: ["RATE_LIMITED", "INVALID_CREDENTIALS", "BLOCKED"],
  register: ["REGISTRATION_CLOSED", "SETUP_TOKEN_INVALID", "USER_EXISTS"],
  loginAsUser: ["NOT_FOUND", "BAD_REQUEST"],
  returnToAdmin: ["FORBIDDEN"],

  // The open site
  getCommunity: ["UPSTREAM_UNAVAILABLE"],

  // Programs
  createProgram: ["FORBIDDEN", "PROGRAM_EXISTS", "PROPOSAL_LIMIT"],
  updateProgram: ["PROGRAM_EXISTS", "SLUG_TAKEN"],
  mergeProgram: ["BAD_REQUEST", "MERGE_CONFLICT"],
  reviewProgramTerms: ["CONFLICT"],

  // Links
  submitLink: ["FORBIDDEN", "NOT_FOUND", "DUPLICATE_PROGRAM_LINK", "OFFER_ENDED"],
  moveLink: ["BAD_REQUEST", "DUPLICATE_PROGRAM_LINK", "OFFER_ENDED"],
  submitOwnLink: ["NOT_FOUND", "DUPLICATE_PROGRAM_LINK", "OFFER_ENDED"],
  testOwnLink: ["RATE_LIMITED"],

  // Outcomes
  recordOutcome: ["LINK_NOT_APPROVED", "RATE_LIMITED"],

  // Users and admin actions
  updateUser: ["USER_EXISTS", "REAUTH_REQUIRED", "BAD_REQUEST"],
  deleteUser: ["BAD_REQUEST"],
  blockUser: ["BAD_REQUEST"],
  createUser: ["USER_EXISTS"],
  changeAdminPassword: ["REAUTH_REQUIRED"],
  checkSubscription: ["UPSTREAM_UNAVAILABLE"],
  checkAllSubscriptions: ["JOB_RUNNING"],
  autoApproveSubscribers: ["JOB_RUNNING"],
  runLinkHealth: ["JOB_RUNNING"],
  runAddressTruncation: ["JOB_RUNNING"],
  runDaily: ["JOB_RUNNING"],
  runProgramSlugs: ["JOB_RUNNING"],
  runWeeklyDigest: ["JOB_RUNNING"],
  runTermsWatch: ["JOB_RUNNING"],
  sendTestAlert: ["BAD_REQUEST"],
  updateTiers: ["CONFLICT"],
  mergeAccounts: ["NOT_FOUND", "BAD_REQUEST", "MERGE_CONFLICT"],
};
