import { z } from "./zod";

/** Every error code the API answers with, and the HTTP status it travels with. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  TOKEN_INVALID: 401,
  TOKEN_EXPIRED: 401,
  TOKEN_USED_UP: 401,
  /** The action needs a sign-in at most five minutes old (POST /api/admin/password). */
  REAUTH_REQUIRED: 401,
  FORBIDDEN: 403,
  NO_ACTIVE_SUBSCRIPTION: 403,
  BLOCKED: 403,
  REGISTRATION_CLOSED: 403,
  SETUP_TOKEN_INVALID: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  USER_EXISTS: 409,
  PROGRAM_EXISTS: 409,
  DUPLICATE_PROGRAM_LINK: 409,
  MERGE_CONFLICT: 409,
  /** A member has the most programs waiting for approval they may have (POST /api/programs). */
  PROPOSAL_LIMIT: 409,
  /** The program's offer has ended (today is after its `offerEndsOn`): no new links. */
  OFFER_ENDED: 409,
  /** The slug is, or was, another program's short address (PATCH /api/programs/{id}). */
  SLUG_TAKEN: 409,
  /** Outcomes are recorded on approved links only (POST /api/user/links/{id}/outcomes). */
  LINK_NOT_APPROVED: 409,
  /** The request acts on a state that is no longer current (reviewing terms that are not the latest version). */
  CONFLICT: 409,
  /** A job of this kind is running already; the body's `jobId` names it. */
  JOB_RUNNING: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UPSTREAM_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const errorIssueSchema = z.object({ path: z.string(), message: z.string() });

/** The body of every non-OK answer. */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  issues: z.array(errorIssueSchema).optional(),
  /** With JOB_RUNNING: the job that runs. */
  jobId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export { MESSAGES } from "./texts";
