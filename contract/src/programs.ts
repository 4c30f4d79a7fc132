import { z } from "./zod";
import { documentIdField, httpUrlField, LIMITS, textField } from "./common";
import { calendarDayField } from "./dates";
import { slugField } from "./slugs";
import { termsStateSchema, watchForSchema } from "./terms";

export const DISTRIBUTION_MODES = ["even", "balanced"] as const;
export const distributionModeSchema = z.enum(DISTRIBUTION_MODES, { error: "Mode must be 'even' or 'balanced'" });
export type DistributionMode = z.infer<typeof distributionModeSchema>;

const programName = textField("Program name is required")
  .trim()
  .min(1, { error: "Program name is required" })
  .max(LIMITS.name, { error: `Program name must be ${LIMITS.name} characters or less` });

const programDescription = textField("Description must be text")
  .trim()
  .max(LIMITS.description, { error: `Description must be ${LIMITS.description} characters or less` });

/**
 * The bank's limit on one referrer (docs/architecture.md, *Program rules*): at most
 * `count` paid referrals per calendar year (UTC) or per the rolling 365 days ending today.
 */
export const CAP_PERIODS = ["calendar-year", "rolling-12-months"] as const;
export type CapPeriod = (typeof CAP_PERIODS)[number];
export const REFERRER_CAP_MAX = 1000;
export const referrerCapSchema = z.strictObject(
  {
    count: z
      .number({ error: "Cap must be a whole number from 1 to 1000" })
      .int({ error: "Cap must be a whole number from 1 to 1000" })
      .min(1, { error: "Cap must be a whole number from 1 to 1000" })
      .max(REFERRER_CAP_MAX, { error: "Cap must be a whole number from 1 to 1000" }),
    period: z.enum(CAP_PERIODS, { error: "Cap period must be 'calendar-year' or 'rolling-12-months'" }),
  },
  { error: "Cap must be { count, period } or null" },
);
export type ReferrerCap = z.infer<typeof referrerCapSchema>;

/** The program rules an admin sets (POST and PATCH /api/programs/{id}); null clears one. */
const programRuleFields = {
  referrerCap: referrerCapSchema.nullable().optional(),
  offerEndsOn: calendarDayField("Offer end date must be a date (YYYY-MM-DD)").nullable().optional(),
  termsUrl: httpUrlField().nullable().optional(),
};

/** GET /api/programs item. */
export const programSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  approved: z.boolean(),
  distributionMode: distributionModeSchema,
  fallbackUrl: z.string().nullable(),
  isSharedOnSite: z.boolean(),
  linkCount: z.number().int(),
  activeLinkCount: z.number().int(),
  /** The short address's name (`/r/{slug}`), null until the program is approved. */
  slug: z.string().nullable(),
  /** `{origin}/r/{slug}`, or the old `/api/programs/{id}/redirect` while slug is null. */
  redirectUrl: z.string(),
  createdAt: z.string(),
  referrerCap: referrerCapSchema.nullable(),
  /** The offer's last day (UTC), or null. */
  offerEndsOn: z.string().nullable(),
  termsUrl: z.string().nullable(),
  /** Today is after `offerEndsOn`: the rotation no longer sends to its links, new links are refused. */
  offerEnded: z.boolean(),
  /** What the terms watch knows of the program's terms page: admins only (members never get the field). */
  terms: termsStateSchema.nullable().optional(),
});
export type Program = z.infer<typeof programSchema>;
export const programListSchema = z.array(programSchema);

/**
 * GET /api/public/programs item: what the open /programs page shows of an approved program shared on
 * the site. Nothing about members: no e-mails, link addresses or counts per member.
 */
export const publicProgramSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  activeLinkCount: z.number().int(),
  redirectUrl: z.string(),
  offerEndsOn: z.string().nullable(),
  termsUrl: z.string().nullable(),
  /** Paid referrals members recorded in the program this calendar year: a count, never amounts or names. */
  paidReferralsThisYear: z.number().int(),
});
export type PublicProgram = z.infer<typeof publicProgramSchema>;
export const publicProgramListSchema = z.array(publicProgramSchema);
/**
 * GET /api/public/programs takes no parameters and refuses any (400): the answer is cached for a
 * minute, so a random query string must not buy a fresh read of the store. (The rotation address,
 * by contrast, ignores them: shared links pick up utm_* and fbclid.)
 */
export const publicProgramsQuerySchema = z.strictObject({}, { error: "This address takes no query parameters" });

// POST /api/programs
export const createProgramRequestSchema = z.strictObject({
  name: programName,
  description: programDescription.optional(),
  fallbackUrl: httpUrlField().optional(),
  ...programRuleFields,
});
export type CreateProgramRequest = z.infer<typeof createProgramRequestSchema>;

// PATCH /api/programs/{id} (fallbackUrl: null clears it; slug: the short address, admin only)
export const updateProgramRequestSchema = z.strictObject({
  name: programName.optional(),
  slug: slugField.optional(),
  description: programDescription.optional(),
  fallbackUrl: httpUrlField().nullable().optional(),
  ...programRuleFields,
  /** What makes the terms watch call the page changed (the contract's *Terms watch and alerts*). */
  watchFor: watchForSchema.optional(),
});
export type UpdateProgramRequest = z.infer<typeof updateProgramRequestSchema>;

// POST /api/programs/{id}/merge
export const mergeProgramRequestSchema = z.strictObject({
  targetProgramId: documentIdField("Target program is required"),
});
export const mergeProgramResultSchema = z.object({ movedLinks: z.number().int() });

// POST /api/programs/{id}/distribution-mode
export const distributionModeRequestSchema = z.strictObject({ mode: distributionModeSchema });

// POST /api/programs/{id}/toggle-shared
export const toggleSharedRequestSchema = z.strictObject({
  isSharedOnSite: z.boolean({ error: "isSharedOnSite must be true or false" }),
});

/** From the day after `offerEndsOn` (its last day, UTC) the offer has ended: the rotation, the lists and the forms all ask this. */
export const isOfferEnded = (offerEndsOn: string | null | undefined, today: string): boolean => !!offerEndsOn && today > offerEndsOn;
