import { z } from "./zod";
import { documentIdField, httpUrlField, LIMITS, textField } from "./common";

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
  redirectUrl: z.string(),
  createdAt: z.string(),
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
});
export type CreateProgramRequest = z.infer<typeof createProgramRequestSchema>;

// PATCH /api/programs/{id} (fallbackUrl: null clears it)
export const updateProgramRequestSchema = z.strictObject({
  name: programName.optional(),
  description: programDescription.optional(),
  fallbackUrl: httpUrlField().nullable().optional(),
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
