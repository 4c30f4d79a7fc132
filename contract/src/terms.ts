import { z } from "./zod";

/**
 * The terms watch (the contract's *Terms watch and alerts*): the hub reads each approved program's
 * terms page daily, keeps a version when its readable text changes, and shows admins what changed.
 * Nothing it finds changes a program's rules: those stay the admin's.
 */

/** What makes a program `changed`: any change of its page's text, or only a change of the figures it names. */
export const WATCH_FOR = ["text", "figures"] as const;
export const watchForSchema = z.enum(WATCH_FOR, { error: "watchFor must be 'text' or 'figures'" });
export type WatchFor = z.infer<typeof watchForSchema>;

export const TERMS_STATUSES = ["watching", "changed", "unreachable"] as const;
export type TermsStatus = (typeof TERMS_STATUSES)[number];

/** Versions of one program's page kept (the reviewed one is kept besides them). */
export const KEPT_TERMS_VERSIONS = 10;
/** The most of a version's readable text kept, in bytes of UTF-8 (a longer text is cut there, never inside a character). */
export const TERMS_TEXT_MAX_BYTES = 100_000;
/** The most figures a version keeps, the first in the text's order (`figuresCut` beyond). */
export const TERMS_FIGURES_KEPT = 200;
/** The most changed figures a mail or an alert lists, then "and N more". */
export const TERMS_FIGURES_TOLD = 10;
/** The most of a page's decoded body read; a larger page is cut there, not failed. */
export const TERMS_PAGE_MAX_BYTES = 2 * 1024 * 1024;
/** A read with less readable text than this is inconclusive (a robot wall, an empty shell of a page). */
export const TERMS_MIN_TEXT_CHARS = 200;
/** Definite failures in a row that make a page `unreachable` (as link health counts them). */
export const TERMS_FAILURES_TO_UNREACHABLE = 2;

export const figureSchema = z.object({
  /** The words the figure was read from ("60,000 bonus points"). */
  text: z.string(),
  value: z.number(),
  unit: z.enum(["currency", "points", "miles", "referrals"]),
  /** ISO 4217, for money only. */
  currency: z.string().optional(),
});
export type TermsFigure = z.infer<typeof figureSchema>;

export const TERMS_READ_OUTCOMES = ["ok", "broken", "inconclusive"] as const;

/** The last read of a terms page: when, what it found, and why when it found no text. */
export const termsLastReadSchema = z.object({
  at: z.string(),
  outcome: z.enum(TERMS_READ_OUTCOMES),
  /** Why a read was broken or inconclusive, in words (never the page's own text); null for ok. */
  reason: z.string().nullable(),
});
export type TermsLastRead = z.infer<typeof termsLastReadSchema>;

/** `terms` on every program answer an admin gets; null without a `termsUrl` or while the program is not approved. */
export const termsStateSchema = z.object({
  status: z.enum(TERMS_STATUSES),
  /** The last read of the page, null until the first. */
  checkedAt: z.string().nullable(),
  lastRead: termsLastReadSchema.nullable(),
  reviewedVersion: z.number().int().nullable(),
  latestVersion: z.number().int().nullable(),
  /** When the change now waiting for review was found. */
  changedAt: z.string().optional(),
  /** When the page began failing (the first of the definite failures in a row). */
  unreachableSince: z.string().optional(),
  watchFor: watchForSchema,
});
export type TermsState = z.infer<typeof termsStateSchema>;

export const termsVersionSchema = z.object({
  version: z.number().int(),
  url: z.string(),
  fetchedAt: z.string(),
  hash: z.string(),
  figures: z.array(figureSchema),
  /** The text named more than TERMS_FIGURES_KEPT figures: the rest are not kept. */
  figuresCut: z.boolean(),
});
export type TermsVersion = z.infer<typeof termsVersionSchema>;

export const termsTextChangeSchema = z.object({ kind: z.enum(["added", "removed", "same"]), text: z.string() });
export const termsFigureChangeSchema = z.object({ before: figureSchema.nullable(), after: figureSchema.nullable() });
export type TermsFigureChange = z.infer<typeof termsFigureChangeSchema>;

/** GET /api/programs/{id}/terms: the versions kept, newest first, and what changed from the reviewed one to the latest. */
export const programTermsSchema = z.object({
  programId: z.string(),
  versions: z.array(termsVersionSchema),
  diff: z
    .object({
      from: z.number().int(),
      to: z.number().int(),
      changes: z.array(termsTextChangeSchema),
      figures: z.array(termsFigureChangeSchema),
      /** The changes passed the stored diff's 256 KB: they end where it was cut. */
      diffCut: z.boolean(),
    })
    .nullable(),
});
export type ProgramTerms = z.infer<typeof programTermsSchema>;

// POST /api/programs/{id}/terms/review
export const termsReviewRequestSchema = z.strictObject({
  version: z.number({ error: "version must be a whole number" }).int({ error: "version must be a whole number" }).min(1, {
    error: "version must be a whole number",
  }),
});
export type TermsReviewRequest = z.infer<typeof termsReviewRequestSchema>;

/** Money, points and miles as a person reads them: "$1,000", "60,000 points". */
export function formatFigure(figure: TermsFigure, locale = "en-US"): string {
  if (figure.unit === "currency" && figure.currency) {
    try {
      // whole amounts without cents ("$200"), others with them ("$7.50")
      const cents = Number.isInteger(figure.value) ? 0 : 2;
      return new Intl.NumberFormat(locale, {
        style: "currency",
        currency: figure.currency,
        minimumFractionDigits: cents,
        maximumFractionDigits: cents,
      }).format(figure.value);
    } catch {
      /* an unknown code: the number and the code */
    }
    return `${figure.value.toLocaleString(locale)} ${figure.currency}`;
  }
  return `${figure.value.toLocaleString(locale)} ${figure.unit}`;
}

/** A figure that changed in one line: "60,000 → 40,000 points"; "new: 5 referrals"; "gone: $200". */
export function figureChangeLine({ before, after }: TermsFigureChange, locale = "en-US"): string {
  if (before && after && before.unit === after.unit && before.currency === after.currency && before.unit !== "currency") {
    return `${before.value.toLocaleString(locale)} → ${formatFigure(after, locale)}`;
  }
  if (before && after) return `${formatFigure(before, locale)} → ${formatFigure(after, locale)}`;
  if (after) return `new: ${formatFigure(after, locale)}`;
  return `gone: ${formatFigure(before!, locale)}`;
}

/** What a mail or an alert lists of the changed figures: the first TERMS_FIGURES_TOLD lines, then "and N more". */
export function figureLinesTold(changes: readonly TermsFigureChange[], locale = "en-US"): string[] {
  const lines = changes.slice(0, TERMS_FIGURES_TOLD).map((change) => figureChangeLine(change, locale));
  const more = changes.length - TERMS_FIGURES_TOLD;
  return more > 0 ? [...lines, `and ${more.toLocaleString(locale)} more`] : lines;
}
