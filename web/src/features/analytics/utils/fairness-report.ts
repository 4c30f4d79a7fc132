import { standsOut, type LinkFairness, type ProgramFairness } from "@hub/contract/analytics";
import { compareNames } from "@/lib/sorting";
import { programDisplayName } from "./program-summary";
import type { SortState } from "./table-sort";

/** One program of the fairness report as the table shows it. */
export interface FairnessRow {
  programId: string;
  name: string;
  mode: ProgramFairness["mode"];
  visits: number;
  jainIndex: number | null;
  maxDeviation: number | null;
  /** The contract's `standsOut`: Jain's index below 0.95 or a largest deviation above 0.10. */
  standsOut: boolean;
}

export const FAIRNESS_SORT_COLUMNS = ["name", "standsOut", "mode", "visits", "jainIndex", "maxDeviation"] as const;
export type FairnessSortColumn = (typeof FAIRNESS_SORT_COLUMNS)[number];
/** Programs that stand out first: they are what an admin opens this tab for. */
export const DEFAULT_FAIRNESS_SORT: SortState<FairnessSortColumn> = { column: "standsOut", direction: "desc" };

const MODE_LABELS: Record<ProgramFairness["mode"], string> = { even: "Even", balanced: "Balanced" };
export const modeLabel = (mode: ProgramFairness["mode"]): string => MODE_LABELS[mode];

/**
 * What a column sorts by; null for a figure the program does not have (no visits in the range),
 * which sorts last whichever way the column goes. Standing out sorts flagged before fair.
 */
function sortValue(row: FairnessRow, column: FairnessSortColumn): string | number | null {
  switch (column) {
    case "name":
      return row.name;
    case "mode":
      return modeLabel(row.mode);
    case "visits":
      return row.visits;
    case "jainIndex":
      return row.jainIndex;
    case "maxDeviation":
      return row.maxDeviation;
    case "standsOut":
      return row.jainIndex === null && row.maxDeviation === null ? null : Number(row.standsOut);
  }
}

function compareValues(a: string | number, b: string | number): number {
  return typeof a === "number" && typeof b === "number" ? a - b : compareNames(String(a), String(b));
}

/** Links by how much more than their share they got: the largest ratio first, those without one last. */
export function sortFairnessLinks(links: readonly LinkFairness[]): LinkFairness[] {
  return [...links].sort((a, b) => {
    if (a.shareRatio === null || b.shareRatio === null)
      return Number(a.shareRatio === null) - Number(b.shareRatio === null) || a.email.localeCompare(b.email);
    return b.shareRatio - a.shareRatio || a.email.localeCompare(b.email);
  });
}

/** The report's programs in the chosen order; ties (and missing figures) go by name. */
export function fairnessRows(report: readonly ProgramFairness[], sort: SortState<FairnessSortColumn>): FairnessRow[] {
  const rows = report.map((program) => ({
    programId: program.programId,
    name: programDisplayName(program.programName),
    mode: program.mode,
    visits: program.visits,
    jainIndex: program.jainIndex,
    maxDeviation: program.maxDeviation,
    standsOut: standsOut(program),
  }));
  const sign = sort.direction === "asc" ? 1 : -1;
  const byName = (a: FairnessRow, b: FairnessRow) => compareNames(a.name, b.name) || a.programId.localeCompare(b.programId);
  return rows.sort((a, b) => {
    const va = sortValue(a, sort.column);
    const vb = sortValue(b, sort.column);
    if (va === null || vb === null) return Number(va === null) - Number(vb === null) || byName(a, b);
    return sign * compareValues(va, vb) || byName(a, b);
  });
}

/** Why a program's figure is missing, said next to its "—". */
export function missingFigureReason(row: Pick<FairnessRow, "visits" | "jainIndex">): string {
  return row.visits === 0 || row.jainIndex === null ? "no visits in this range" : "no link's fair share reached 1 visit";
}

/** Jain's index and the largest deviation with the contract's three decimals. */
export const formatIndex = (value: number): string => value.toFixed(3);
/** A link's share ratio with the contract's two decimals: 1.82 = 82% more than its share. */
export const formatRatio = (value: number): string => value.toFixed(2);
/** A link's weight in its program's rotation (its owner's tier weight): 2 → "2×". */
export const formatWeight = (weight: number): string => `${String(weight)}×`;
