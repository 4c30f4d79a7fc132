import type { Program } from "@hub/contract/programs";
import { compareNames } from "@/lib/sorting";

/** The Programs tab's filters; the defaults are what the tab opens with. */
export interface ProgramFilters {
  hideApproved: boolean;
  /** On: only programs shared on the site. */
  linksOnSite: boolean;
}

export const DEFAULT_PROGRAM_FILTERS: ProgramFilters = { hideApproved: true, linksOnSite: false };

type FilterableProgram = Pick<Program, "name" | "approved" | "isSharedOnSite">;

/** Filters, then sorts by name case-insensitively. */
export function filterPrograms<P extends FilterableProgram>(programs: readonly P[], filters: ProgramFilters): P[] {
  return programs
    .filter((program) => !(filters.hideApproved && program.approved) && !(filters.linksOnSite && !program.isSharedOnSite))
    .sort((a, b) => compareNames(a.name, b.name));
}

/**
 * The edit dialog's fallback address: empty clears it (null), anything else is sent trimmed.
 * The contract schema then checks it is an http(s) URL.
 */
export function fallbackUrlForRequest(input: string): string | null {
  const trimmed = input.trim();
  return trimmed === "" ? null : trimmed;
}
