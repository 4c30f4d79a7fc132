import { autoApproveResultSchema, checkAllSubscriptionsResultSchema } from "./users";
import { DOCUMENT_ID_PATTERN } from "./common";
import { z } from "./zod";

/**
 * Long work runs as a job on a task queue, never inside one request (docs/architecture.md, *Jobs*). The admin
 * starts one (202 { jobId }) and follows it with GET /api/admin/jobs/{jobId} until it is done.
 */
export const JOB_KINDS = [
  "subscription-check",
  "auto-approve",
  "link-health",
  "address-truncation",
  "daily",
  "weekly-digest",
  "program-slugs",
  "terms-watch",
] as const;
export const jobKindSchema = z.enum(JOB_KINDS);
export type JobKind = z.infer<typeof jobKindSchema>;

/**
 * What a job is doing: `listing` reads the provider's whole listing (`done` pages, `total` null),
 * `applying` applies it to the members, or rewrites stored records (`done` of `total`), `testing`
 * tests links (`done` of `total`), `finished` once it ended.
 */
export const JOB_PHASES = ["listing", "applying", "testing", "finished"] as const;

/** What a link-health check found: links tested, each outcome, and how many are failing after it. */
export const linkHealthSummarySchema = z.object({
  tested: z.number().int(),
  ok: z.number().int(),
  broken: z.number().int(),
  inconclusive: z.number().int(),
  failing: z.number().int(),
});
export type LinkHealthSummary = z.infer<typeof linkHealthSummarySchema>;

/**
 * What an address truncation found (docs/architecture.md, *Honest counts*, "No full address is stored"): records
 * read, whole addresses truncated to their /24 or /48, and values that were no address at all, cleared.
 */
export const addressTruncationSummarySchema = z.object({
  checked: z.number().int(),
  truncated: z.number().int(),
  cleared: z.number().int(),
});
export type AddressTruncationSummary = z.infer<typeof addressTruncationSummarySchema>;

/**
 * The day's turn (docs/architecture.md, *The day's turn*): what changes with the date alone, applied. Programs
 * whose counts were brought up to date, snoozes that ended and were cleared, offer-end warnings sent
 * (and not sent: the mail server refused).
 */
export const dailySummarySchema = z.object({
  programsRecounted: z.number().int(),
  snoozesEnded: z.number().int(),
  offerWarningsSent: z.number().int(),
  offerWarningsFailed: z.number().int(),
});
export type DailySummary = z.infer<typeof dailySummarySchema>;

/** The weekly digest: members it went to, members skipped (opted out or nothing to say), mails the server refused. */
export const digestSummarySchema = z.object({ sent: z.number().int(), skipped: z.number().int(), failed: z.number().int() });
export type DigestSummary = z.infer<typeof digestSummarySchema>;

/** The one-off job that gives approved programs without a slug their short address. */
export const programSlugsSummarySchema = z.object({ programsGivenSlugs: z.number().int() });
export type ProgramSlugsSummary = z.infer<typeof programSlugsSummarySchema>;

/**
 * The terms watch (the contract's *Terms watch and alerts*): pages read, versions kept (the text
 * changed), pages the same, reads that failed definitely or could not tell, and after it, programs
 * whose terms wait for review and programs whose page is unreachable.
 */
export const termsWatchSummarySchema = z.object({
  read: z.number().int(),
  kept: z.number().int(),
  same: z.number().int(),
  broken: z.number().int(),
  inconclusive: z.number().int(),
});
export type TermsWatchSummary = z.infer<typeof termsWatchSummarySchema>;

export const jobSchema = z.object({
  jobId: z.string(),
  kind: jobKindSchema,
  state: z.enum(["running", "done", "failed"]),
  phase: z.enum(JOB_PHASES),
  done: z.number().int(),
  total: z.number().int().nullable(),
  startedAt: z.string(),
  endedAt: z.string().optional(),
  summary: z
    .union([
      checkAllSubscriptionsResultSchema,
      autoApproveResultSchema,
      linkHealthSummarySchema,
      addressTruncationSummarySchema,
      dailySummarySchema,
      digestSummarySchema,
      programSlugsSummarySchema,
      termsWatchSummarySchema,
    ])
    .optional(),
  error: z.string().optional(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobStartedSchema = z.object({ jobId: z.string() });
export type JobStarted = z.infer<typeof jobStartedSchema>;

export const jobIdParams = z.object({ jobId: z.string({ error: "Not found" }).regex(DOCUMENT_ID_PATTERN, { error: "Not found" }) });
