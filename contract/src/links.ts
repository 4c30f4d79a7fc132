import { z } from "./zod";
import { documentIdField, DOCUMENT_ID_PATTERN, emailField, httpUrlField, LIMITS, textField } from "./common";
import { calendarDayField, utcDay } from "./dates";

const ownerName = textField("Name is required")
  .trim()
  .min(1, { error: "Name is required" })
  .max(LIMITS.name, { error: `Name must be ${LIMITS.name} characters or less` });

const offerDetails = textField("Offer details are required")
  .trim()
  .min(1, { error: "Offer details are required" })
  .max(LIMITS.description, { error: `Offer details must be ${LIMITS.description} characters or less` });

const programRef = documentIdField;

export const deadNoteField = textField("Dead note must be text")
  .trim()
  .max(LIMITS.deadNote, { error: "Dead note must be 500 characters or less" });

/**
 * One test of a link's address (docs/architecture.md, *Link health*). `ok`: the final answer is 2xx. `broken`,
 * a definite failure only: no such host, connection refused, 404/410, or not a public address.
 * Everything else (timeouts, 401/403/429, 5xx, TLS, too many redirects) is `inconclusive`: shown,
 * never acted on.
 */
export const LINK_TEST_OUTCOMES = ["ok", "broken", "inconclusive"] as const;
export const linkTestSchema = z.object({
  at: z.string(),
  outcome: z.enum(LINK_TEST_OUTCOMES),
  status: z.number().int().optional(),
  message: z.string(),
});
export type LinkTest = z.infer<typeof linkTestSchema>;
export type LinkTestOutcome = LinkTest["outcome"];

/** How many tests each link keeps, newest first. */
export const KEPT_LINK_TESTS = 10;
/** Broken tests in a row that take a link out of the rotation. */
export const BROKEN_TESTS_TO_FAIL = 2;
/** A member's tests of one of their links, per hour. */
export const MEMBER_TESTS_PER_HOUR = 5;

/**
 * `failing`: two broken tests in a row took it out of the rotation (not an admin's pause, not dead);
 * the next ok test brings it back. `unknown`: no conclusive test yet.
 */
export const LINK_HEALTH_STATUSES = ["healthy", "failing", "unknown"] as const;
export const linkHealthSchema = z.object({
  status: z.enum(LINK_HEALTH_STATUSES),
  lastTest: linkTestSchema.nullable(),
  consecutiveBroken: z.number().int(),
  tests: z.array(linkTestSchema),
});
export type LinkHealth = z.infer<typeof linkHealthSchema>;
export const UNKNOWN_HEALTH: LinkHealth = { status: "unknown", lastTest: null, consecutiveBroken: 0, tests: [] };

/**
 * The owner's standing against the program's referrer cap: reached (out of the rotation until
 * `resumesOn`, the first day with fewer paid referrals than the cap in the period), below it (paid in
 * the current period, of `count`), or null when the program has no cap.
 */
export const linkCapSchema = z
  .union([
    z.object({ reached: z.literal(true), resumesOn: z.string() }),
    z.object({ reached: z.literal(false), paid: z.number().int(), count: z.number().int() }),
  ])
  .nullable();
export type LinkCap = z.infer<typeof linkCapSchema>;

/**
 * Why a link is out of the rotation, the first that holds in this order (the one its owner and the
 * admins are told): dead, pending review, paused, failing its health checks, its program not approved
 * yet, its program's offer ended, its owner blocked or lapsed, its owner's cap reached, snoozed.
 */
export const LINK_OUT_REASONS = [
  "dead",
  "pending",
  "paused",
  "failing",
  "program-not-approved",
  "offer-ended",
  "owner-held-back",
  "capped",
  "snoozed",
] as const;
export type LinkOutReason = (typeof LINK_OUT_REASONS)[number];

/** A referral link as the API answers it (admin and member views share the shape). */
export const referralLinkSchema = z.object({
  id: z.string(),
  programId: z.string(),
  programName: z.string(),
  name: z.string(),
  email: z.string(),
  ownerDisplayName: z.string().nullable(),
  link: z.string(),
  description: z.string(),
  approved: z.boolean(),
  paused: z.boolean(),
  isDead: z.boolean(),
  deadNote: z.string().nullable(),
  visitCount: z.number().int(),
  testedOffer: z.string().nullable(),
  testedAt: z.string().nullable(),
  lastNotifiedAt: z.string().nullable(),
  /** Dead, and the e-mail telling its owner could not be sent (kept, so every later view shows it). */
  ownerNotEmailed: z.boolean(),
  health: linkHealthSchema,
  cap: linkCapSchema,
  /** The owner took it out of the rotation until this day starts (UTC); null when not snoozed (or the day has come). */
  snoozedUntil: z.string().nullable(),
  /** In the rotation, as the rotation decides it (functions/src/links/link-availability.ts): `outReason` is null. */
  isActive: z.boolean(),
  /** Why it is out of the rotation (LINK_OUT_REASONS), or null when it is in. */
  outReason: z.enum(LINK_OUT_REASONS).nullable(),
  createdAt: z.string(),
  submittedAt: z.string(),
  updatedAt: z.string(),
});
export type ReferralLink = z.infer<typeof referralLinkSchema>;
export const referralLinkListSchema = z.array(referralLinkSchema);

// POST /api/links (the /submit form; a member only for their own e-mail)
export const createLinkRequestSchema = z.strictObject({
  programId: programRef("Please select a program"),
  name: ownerName,
  email: emailField("Invalid email address"),
  link: httpUrlField(),
  description: offerDetails,
});
export type CreateLinkRequest = z.infer<typeof createLinkRequestSchema>;

// POST /api/user/links (the member dashboard's dialog)
export const createMemberLinkRequestSchema = z.strictObject({
  link: httpUrlField(),
  description: offerDetails,
  programId: programRef("Program is required"),
});
export type CreateMemberLinkRequest = z.infer<typeof createMemberLinkRequestSchema>;

// PATCH /api/links/{id} and PATCH /api/user/links/{id}
export const updateLinkRequestSchema = z
  .strictObject({ link: httpUrlField().optional(), description: offerDetails.optional() })
  .refine((body) => body.link !== undefined || body.description !== undefined, { error: "Nothing to update" });
export type UpdateLinkRequest = z.infer<typeof updateLinkRequestSchema>;

// POST /api/links/{id}/mark-dead
export const markDeadRequestSchema = z.strictObject({ note: deadNoteField.optional() });
/** The link, and whether its owner's e-mail went. */
export const markDeadResultSchema = referralLinkSchema.extend({ ownerNotified: z.boolean() });
export type MarkDeadResult = z.infer<typeof markDeadResultSchema>;

// POST /api/links/{id}/move
export const moveLinkRequestSchema = z.strictObject({ programId: programRef("Please select a program") });

export const BULK_OPERATIONS = ["approve", "pause", "mark-dead", "test"] as const;
export const BULK_LIMIT = 100;

// PATCH /api/links/bulk
export const bulkLinkRequestSchema = z.strictObject({
  ids: z
    .array(textField().regex(DOCUMENT_ID_PATTERN, { error: "Invalid link ID" }), { error: "At least one link ID is required" })
    .min(1, { error: "At least one link ID is required" })
    .max(BULK_LIMIT, { error: "Maximum 100 links can be processed at once" }),
  op: textField("Operation is required")
    .min(1, { error: "Operation is required" })
    .pipe(z.enum(BULK_OPERATIONS, { error: "Operation must be 'approve', 'pause', 'mark-dead', or 'test'" })),
  deadNote: deadNoteField.optional(),
});
export type BulkLinkRequest = z.infer<typeof bulkLinkRequestSchema>;
export type BulkOperation = (typeof BULK_OPERATIONS)[number];

export const bulkLinkResultSchema = z.object({
  updated: z.number().int(),
  failed: z.array(z.object({ id: z.string(), message: z.string() })),
  /** `test` only: what the tests that ran found (each counts in `updated` whatever its outcome). */
  tested: z.object({ ok: z.number().int(), broken: z.number().int(), inconclusive: z.number().int() }).optional(),
  /** `mark-dead` only: the links whose owner's e-mail could not be sent. */
  notNotified: z.array(z.string()).optional(),
});
export type BulkLinkResult = z.infer<typeof bulkLinkResultSchema>;

// POST /api/admin/test-referral-link/{id}
export const testLinkRequestSchema = z.strictObject({});
export const linkTestResultSchema = z.object({
  validation: z.object({ isValid: z.boolean(), responseTime: z.number(), errorMessage: z.string().nullable() }),
});
export type LinkTestResult = z.infer<typeof linkTestResultSchema>;

/** The furthest a snooze reaches, in days after today. */
export const SNOOZE_MAX_DAYS = 366;
// POST /api/user/links/{id}/snooze (after today, at most 366 days ahead: checked against today by the server)
export const snoozeRequestSchema = z.strictObject({ until: calendarDayField("Snooze date must be a date (YYYY-MM-DD)") });

// POST /api/user/links/{id}/test (the member's own link) → the test
export const testOwnLinkRequestSchema = z.strictObject({});

/** Member-visible messages, fixed: the web app and the server say them word for word. */
export const LINK_MESSAGES = {
  duplicateProgram: "You already have a link for this program",
  duplicateProgramToast: "Duplicate Program: You already have a link for this program. Edit your existing link or delete it first.",
} as const;

/** The admin's CSV of every link (GET /api/admin/export-csv): 'referral-links-export-YYYY-MM-DD.csv', the UTC day. */
export const linksExportFileName = (now: Date) => `referral-links-export-${utcDay(now)}.csv`;
