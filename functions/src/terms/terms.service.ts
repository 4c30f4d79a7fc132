import type { ProgramTerms } from "@hub/contract/terms";
import { ApiError } from "../platform/api-error";
import { getProgram } from "../catalog/programs.store";
import { listTermsVersions, readTermsVersion } from "../catalog/terms-versions.store";
import { figureChanges, textChanges } from "./terms-diff";

/**
 * GET /api/programs/{id}/terms: the versions the watch kept of the program's page (newest first,
 * without their text), and what changed from the reviewed version to the latest: the words, and the
 * figures paired ("60,000 → 40,000 points"). No diff while the latest is the reviewed one.
 */
export async function programTerms(programId: string): Promise<ProgramTerms> {
  const program = await getProgram(programId);
  if (!program) throw new ApiError("NOT_FOUND", "Program not found");
  const watch = program.termsWatch;
  const versions = watch ? await listTermsVersions(programId) : [];
  const from = watch?.reviewedVersion ?? null;
  const to = watch?.latestVersion ?? null;
  let diff: ProgramTerms["diff"] = null;
  if (from !== null && to !== null && from !== to) {
    const [before, after] = await Promise.all([readTermsVersion(programId, from), readTermsVersion(programId, to)]);
    if (before && after) {
      diff = {
        from,
        to,
        changes: textChanges(before.text, after.text, after.lang),
        figures: figureChanges(before.figures, after.figures),
      };
    }
  }
  return {
    programId,
    versions: versions.map(({ version, url, fetchedAt, hash, figures }) => ({ version, url, fetchedAt, hash, figures })),
    diff,
  };
}
