import { trafficStandsOut, type ProgramTraffic } from "@hub/contract/analytics";
import { compareNames } from "@/lib/sorting";
import { formatCount } from "./numbers";
import { programDisplayName } from "./program-summary";

/** One program of the traffic report as the table shows it. */
export interface TrafficRow {
  programId: string;
  name: string;
  requests: number;
  counted: number;
  notCounted: ProgramTraffic["notCounted"];
  filteredShare: number | null;
  /** The contract's `trafficStandsOut`: over 20% of at least 50 requests were repeats. */
  standsOut: boolean;
}

/** The report's programs, those that stand out first (what an admin opens this tab for), then by name. */
export function trafficRows(report: readonly ProgramTraffic[]): TrafficRow[] {
  return report
    .map((program) => ({
      programId: program.programId,
      name: programDisplayName(program.programName),
      requests: program.requests,
      counted: program.counted,
      notCounted: program.notCounted,
      filteredShare: program.filteredShare,
      standsOut: trafficStandsOut(program),
    }))
    .sort((a, b) => Number(b.standsOut) - Number(a.standsOut) || compareNames(a.name, b.name) || a.programId.localeCompare(b.programId));
}

/** A share as a percentage, at most one decimal: 0.34 is "34%", 0.773 is "77.3%". */
export function formatShare(share: number): string {
  return `${String(Math.round(share * 1000) / 10)}%`;
}

/** Why a program stands out, in plain words. */
export function standsOutReason(row: Pick<TrafficRow, "requests" | "filteredShare">): string {
  return `${formatShare(row.filteredShare ?? 0)} of ${formatCount(row.requests)} requests were repeats from the same visitor or address: someone may be pumping this program.`;
}
