import type { ProgramTerms } from "@hub/contract/terms";
import { ApiError } from "../platform/api-error";
import { getProgram } from "../catalog/programs.store";
import type { TermsWatch } from "../catalog/terms-watch-record";
import { listTermsVersions, readTermsDiff, readTermsVersion, saveTermsDiff, type StoredTermsDiff } from "../catalog/terms-versions.store";
import { changesWithin, figureChanges, textChanges } from "./terms-diff";

/**
 * What changed from the reviewed version to the latest, worked out from their texts (bounded: a diff
 * of two texts that share nothing is passages replaced), at most 256 KB of it kept. Null while the
 * latest is the reviewed one, or when either is gone.
 */
async function workedOutDiff(programId: string, from: number, to: number): Promise<StoredTermsDiff | null> {
  const [before, after] = await Promise.all([readTermsVersion(programId, from), readTermsVersion(programId, to)]);
  if (!before || !after) return null;
  const { changes, cut } = changesWithin(textChanges(before.text, after.text, after.lang));
  return { from, to, changes, figures: figureChanges(before.figures, after.figures), diffCut: cut };
}

/**
 * After a read kept a version: its diff from the reviewed one, worked out once and stored, so no
 * admin's look at it works it out again (the contract's *Bounded whatever the page*).
 */
export async function storeTermsDiff(programId: string, watch: TermsWatch | null): Promise<void> {
  const range = diffRange(watch);
  if (!range) return;
  const diff = await workedOutDiff(programId, range.from, range.to);
  if (diff) await saveTermsDiff(programId, diff);
}

/** The versions a diff is of: the reviewed one and the latest, while the latest is not the reviewed one. */
function diffRange(watch: TermsWatch | null): { from: number; to: number } | null {
  const from = watch?.reviewedVersion ?? null;
  const to = watch?.latestVersion ?? null;
  return from === null || to === null || from === to ? null : { from, to };
}

/**
 * GET /api/programs/{id}/terms: the versions the watch kept of the program's page (newest first,
 * without their text), and what changed from the reviewed version to the latest, as stored when the
 * latest was kept: the words, and the figures paired ("60,000 → 40,000 points"). A diff not stored
 * (a version kept before diffs were, or a crash between the read and its diff) is worked out and
 * stored here, once. No diff while the latest is the reviewed one.
 */
export async function programTerms(programId: string): Promise<ProgramTerms> {
  const program = await getProgram(programId);
  if (!program) throw new ApiError("NOT_FOUND", "Program not found");
  const watch = program.termsWatch;
  const versions = watch ? await listTermsVersions(programId) : [];
  const range = diffRange(watch);
  let diff: StoredTermsDiff | null = null;
  if (range) {
    const stored = await readTermsDiff(programId);
    if (stored?.from === range.from && stored.to === range.to) diff = stored;
    else {
      diff = await workedOutDiff(programId, range.from, range.to);
      if (diff) await saveTermsDiff(programId, diff);
    }
  }
  return {
    programId,
    versions: versions.map(({ version, url, fetchedAt, hash, figures, figuresCut }) => ({
      version,
      url,
      fetchedAt,
      hash,
      figures,
      figuresCut,
    })),
    diff: diff && { from: diff.from, to: diff.to, changes: diff.changes, figures: diff.figures, diffCut: diff.diffCut },
  };
}
