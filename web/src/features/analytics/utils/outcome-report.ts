import type { ProgramOutcomes } from "@hub/contract/outcomes";
import { compareNames } from "@/lib/sorting";
import { programDisplayName } from "./program-summary";
import type { SortState } from "./table-sort";

/** One program of the outcome report as the table shows it. */
export interface OutcomeRow {
  programId: string;
  name: string;
  visits: number;
  signedUp: number;
  paid: number;
  clawedBack: number;
  conversion: number | null;
}

type OutcomeLink = NonNullable<ProgramOutcomes["links"]>[number];

export const OUTCOME_SORT_COLUMNS = ["name", "visits", "signedUp", "paid", "clawedBack", "conversion"] as const;
export type OutcomeSortColumn = (typeof OUTCOME_SORT_COLUMNS)[number];
/** The programs that brought the most paid referrals first: what the tab is for. */
export const DEFAULT_OUTCOME_SORT: SortState<OutcomeSortColumn> = { column: "paid", direction: "desc" };

/** Whether anything was recorded in the range: without it, the tab says so instead of a table of zeros. */
export const hasOutcomes = (report: readonly ProgramOutcomes[]): boolean =>
  report.some((p) => p.signedUp > 0 || p.paid > 0 || p.clawedBack > 0);

/** A conversion (paid / visits) as a percentage with one decimal: 0.1234 → "12.3%". */
export const formatConversion = (conversion: number): string => `${(Math.round(conversion * 1000) / 10).toFixed(1)}%`;

/** A link's owner, or what stands for a link deleted since. */
export const ownerLabel = (email: string): string => email || "Deleted link";

/** Most paid first; a deleted link's row (no e-mail) last among equals. */
export function sortOutcomeLinks(links: readonly OutcomeLink[]): OutcomeLink[] {
  return [...links].sort(
    (a, b) =>
      b.paid - a.paid ||
      Number(a.email === "") - Number(b.email === "") ||
      a.email.localeCompare(b.email) ||
      a.linkId.localeCompare(b.linkId),
  );
}

/** The report's programs in the chosen order; a missing conversion sorts last either way; ties go by name. */
export function outcomeRows(report: readonly ProgramOutcomes[], sort: SortState<OutcomeSortColumn>): OutcomeRow[] {
  const rows: OutcomeRow[] = report.map((p) => ({
    programId: p.programId,
    name: programDisplayName(p.programName),
    visits: p.visits,
    signedUp: p.signedUp,
    paid: p.paid,
    clawedBack: p.clawedBack,
    conversion: p.conversion,
  }));
  const sign = sort.direction === "asc" ? 1 : -1;
  const byName = (a: OutcomeRow, b: OutcomeRow) => compareNames(a.name, b.name) || a.programId.localeCompare(b.programId);
  return rows.sort((a, b) => {
    if (sort.column === "name") return sign * byName(a, b);
    const va = a[sort.column];
    const vb = b[sort.column];
    if (va === null || vb === null) return Number(va === null) - Number(vb === null) || byName(a, b);
    return sign * (va - vb) || byName(a, b);
  });
}
