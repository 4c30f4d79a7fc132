import type { ClickRecord } from "@hub/contract/analytics";
import type { ReferralLink } from "@hub/contract/links";
import type { Program } from "@hub/contract/programs";
import { compareNames } from "@/lib/sorting";
import { recordClicks } from "./click-counts";
import { isActiveLink, type ActiveFlag } from "./link-counts";
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
   * False for a program only the click records know (deleted between the two calls): it keeps its
   * share of the total but cannot be chosen in the Programs tab.
   */
  listed: boolean;
}

export const PROGRAM_SORT_COLUMNS = ["name", "clicks", "percentage", "activeLinks", "avgClicksPerLink"] as const;
export type ProgramSortColumn = (typeof PROGRAM_SORT_COLUMNS)[number];
export const DEFAULT_PROGRAM_SORT: SortState<ProgramSortColumn> = { column: "clicks", direction: "desc" };

/** Every program, with or without clicks in the range, with its clicks, share, links and average. */
export function programSummaryRows(
  programs: readonly Pick<Program, "id" | "name">[],
  links: readonly (Pick<ReferralLink, "programId"> & ActiveFlag)[],
  records: readonly Pick<ClickRecord, "programId" | "programName" | "totalClicks">[],
): ProgramSummaryRow[] {
  const rows = new Map<string, { name: string; clicks: number; activeLinks: number; totalLinks: number; listed: boolean }>();
  for (const program of programs) rows.set(program.id, { name: program.name, clicks: 0, activeLinks: 0, totalLinks: 0, listed: true });

  let totalClicks = 0;
  for (const record of records) {
    const clicks = recordClicks(record);
    totalClicks += clicks;
    let row = rows.get(record.programId);
    if (!row) {
      row = { name: record.programName, clicks: 0, activeLinks: 0, totalLinks: 0, listed: false };
      rows.set(record.programId, row);
    }
    row.clicks += clicks;
  }
  for (const link of links) {
    const row = rows.get(link.programId);
    if (!row) continue;
    row.totalLinks += 1;
    if (isActiveLink(link)) row.activeLinks += 1;
  }

  return [...rows].map(([programId, row]) => ({
    programId,
    name: programDisplayName(row.name),
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
export function programOptions(programs: readonly Pick<Program, "id" | "name">[]): { id: string; name: string }[] {
  return programs
    .map((program) => ({ id: program.id, name: programDisplayName(program.name) }))
    .sort((a, b) => compareNames(a.name, b.name) || a.id.localeCompare(b.id));
}
