import type { Program, PublicProgram } from "@hub/contract/programs";

/** The member's own link in a program, as the page shows it. */
export interface OwnLinkSummary {
  /** 'Active', 'Pending', 'Paused' or 'Dead'. */
  statusLabel: string;
  inRotation: boolean;
}

/** The member's links by program id. */
export type OwnLinksByProgram = ReadonlyMap<string, OwnLinkSummary>;

export interface PublicProgramFilters {
  /** Typed into the search box: matches the name or the description, case-insensitively. */
  search: string;
  /** Members only: hide the programs where they already have a link. */
  onlyMissing: boolean;
}

export const DEFAULT_PUBLIC_PROGRAM_FILTERS: PublicProgramFilters = { search: "", onlyMissing: false };

/**
 * The programs to show, in the server's order (by name). The server-rendered page's island
 * (public/visitor-island.js) searches by the same rule before the app runs: change both together
 * (island-search.test.ts runs both on the same cases).
 */
export function filterPublicPrograms(
  programs: readonly PublicProgram[],
  filters: PublicProgramFilters,
  ownLinks: OwnLinksByProgram | undefined,
): PublicProgram[] {
  const query = filters.search.trim().toLocaleLowerCase();
  return programs.filter((program) => {
    if (filters.onlyMissing && ownLinks?.has(program.id)) return false;
    if (!query) return true;
    return program.name.toLocaleLowerCase().includes(query) || (program.description ?? "").toLocaleLowerCase().includes(query);
  });
}

/** A program the member has a link in whose offer has ended: the open list leaves it out (docs/architecture.md, *Program rules*). */
export interface EndedOwnProgram {
  id: string;
  name: string;
  offerEndsOn: string | null;
  ownLink: OwnLinkSummary;
}

/** The member's programs (GET /api/programs) whose offer has ended, in the given order; none while unknown. */
export function endedOwnPrograms(
  programs: readonly Pick<Program, "id" | "name" | "offerEnded" | "offerEndsOn">[] | undefined,
  ownLinks: OwnLinksByProgram | undefined,
): EndedOwnProgram[] {
  if (!programs || !ownLinks) return [];
  return programs.flatMap((program) => {
    const ownLink = ownLinks.get(program.id);
    return program.offerEnded && ownLink ? [{ id: program.id, name: program.name, offerEndsOn: program.offerEndsOn, ownLink }] : [];
  });
}

/** How many of the listed programs hold one of the member's links. */
export function countJoined(programs: readonly PublicProgram[], ownLinks: OwnLinksByProgram): number {
  return programs.filter((program) => ownLinks.has(program.id)).length;
}

export const activeLinksLabel = (count: number): string =>
  count === 0 ? "No active links yet" : `${String(count)} active link${count === 1 ? "" : "s"}`;

/** /submit with the program already chosen. */
export const submitLinkPath = (programId: string): string => `/submit?${new URLSearchParams({ programId }).toString()}`;

/** A file name for a program's QR code that any file system accepts (also on the card, for public/visitor-island-png.js). */
export function qrCodeFileName(programName: string): string {
  const slug = programName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${slug || "program"}-rotation-qr.png`;
}
