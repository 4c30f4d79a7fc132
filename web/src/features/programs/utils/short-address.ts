import { programSlugsSummarySchema, type Job, type ProgramSlugsSummary } from "@hub/contract/jobs";
import type { Program } from "@hub/contract/programs";
import { isSlug, shortRotationPath, SLUG_INVALID_MESSAGE, SLUG_TAKEN_MESSAGE } from "@hub/contract/slugs";

/**
 * The edit dialog's "Short address" as typed, checked at each key: the contract's message when it is
 * no slug, nothing while it is well-formed or still the program's own (a saved slug is never flagged).
 */
export function slugInputError(input: string, saved: string | null): string | undefined {
  if (saved === null || input === saved) return undefined;
  return isSlug(input) ? undefined : SLUG_INVALID_MESSAGE;
}

/** The slug to send: only a changed one (PATCH leaves the short address alone when `slug` is absent). */
export function slugForRequest(input: string, saved: string | null): string | undefined {
  return saved === null || input === saved ? undefined : input;
}

/** The server's refusal of a slug another program holds, or held (409 SLUG_TAKEN), as the field's message. */
export function slugTakenMessage(error: unknown): string | undefined {
  const taken = typeof error === "object" && error !== null && "code" in error && error.code === "SLUG_TAKEN";
  return taken ? SLUG_TAKEN_MESSAGE : undefined;
}

/** `{origin}/r/{slug}`: what the address will be, shown as the admin types. */
export function shortAddressPreview(slug: string, origin: string): string {
  return `${origin}${shortRotationPath(slug)}`;
}

/** Approved programs still on the long address (slug null: data from before short addresses). */
export function programsWithoutSlug(programs: readonly Pick<Program, "approved" | "slug">[]): number {
  return programs.filter((program) => program.approved && program.slug === null).length;
}

/** The one-off job's summary from its answer, or null when it carries none. */
export function programSlugsSummaryOf(job: Pick<Job, "summary">): ProgramSlugsSummary | null {
  const parsed = programSlugsSummarySchema.safeParse(job.summary);
  return parsed.success ? parsed.data : null;
}

/** What the job did, in a sentence: "3 programs given short addresses". */
export function programSlugsSummaryText({ programsGivenSlugs: n }: ProgramSlugsSummary): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? "program given a short address" : "programs given short addresses"}`;
}
