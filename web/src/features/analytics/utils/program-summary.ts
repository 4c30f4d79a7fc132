import type { ProgramClicksRow } from "@hub/contract/analytics";
import { compareNames } from "@/lib/sorting";
import { clicksPerLink, percentOf } from "./numbers";
import { sortRows, type SortState } from "./table-sort";

export const UNKNOWN_PROGRAM = "Unknown Program";

/** A program without a name still needs something to click and read. */
export function programDisplayName(name: string | null | undefined): string {
  return name?.trim() || UNKNOWN_PROGRAM;
}

/** One row of 'Top Programs by Clicks'. */
export interface ProgramSummaryRow {
  programId: string;
  name: string;
  clicks: number;
  /** Share of all clicks in the range, one decimal. */
  percentage: number;
  activeLinks: number;
  totalLinks: number;
  /** Clicks per link of the program (every link, active or not), one decimal. */
  avgClicksPerLink: number;
  /**
   * False for a program that no longer exists while its links' clicks are still counted: it keeps its
   * share of the total but cannot be chosen in the Programs tab.
   */
  listed: boolean;
}

export const PROGRAM_SORT_COLUMNS = ["name", "clicks", "percentage", "activeLinks", "avgClicksPerLink"] as const;
export type ProgramSortColumn = (typeof PROGRAM_SORT_COLUMNS)[number];
export const DEFAULT_PROGRAM_SORT: SortState<ProgramSortColumn> = { column: "clicks", direction: "desc" };

/**
 * Every program of the server's Overview, with or without clicks in the range: its share of the
 * range's clicks and its clicks per link, worked out here from the server's sums.
 */
export function programSummaryRows(rows: readonly ProgramClicksRow[]): ProgramSummaryRow[] {
  let totalClicks = 0;
  for (const row of rows) totalClicks += row.clicks;
  return rows.map((row) => ({
    programId: row.programId,
    name: programDisplayName(row.programName),
    clicks: row.clicks,
    percentage: percentOf(row.clicks, totalClicks),
    activeLinks: row.activeLinks,
    totalLinks: row.totalLinks,
    avgClicksPerLink: clicksPerLink(row.clicks, row.totalLinks),
    listed: row.listed,
  }));
}

export function sortProgramRows(rows: readonly ProgramSummaryRow[], sort: SortState<ProgramSortColumn>): ProgramSummaryRow[] {
  return sortRows(rows, sort, (a, b) => compareNames(a.name, b.name) || a.programId.localeCompare(b.programId));
}

/** The 'Select Program' entries: every program by name, case-insensitively. */
export function programOptions(programs: readonly { id: string; name: string }[]): { id: string; name: string }[] {
  return programs
    .map((program) => ({ id: program.id, name: programDisplayName(program.name) }))
    .sort((a, b) => compareNames(a.name, b.name) || a.id.localeCompare(b.id));
}
