import type { Program } from "@hub/contract/programs";

/** Orders shared by several screens, so that every list of names sorts the same way. */

/** Case-insensitive name order, ties broken by the exact name. */
export function compareNames(a: string, b: string): number {
  return a.localeCompare(b, undefined, { sensitivity: "base" }) || a.localeCompare(b);
}

/** Programs a program can be merged into, or a link moved to: every other one, by name. */
export function otherPrograms<P extends Pick<Program, "id" | "name">>(programs: readonly P[], excludedId: string): P[] {
  return programs.filter((program) => program.id !== excludedId).sort((a, b) => compareNames(a.name, b.name));
}

/** The choices of a move or merge: every other program by name, those awaiting approval marked. */
export function otherProgramOptions(programs: readonly Pick<Program, "id" | "name" | "approved">[], excludedId: string) {
  return otherPrograms(programs, excludedId).map((program) => ({
    value: program.id,
    label: program.approved ? program.name : `${program.name} (Pending Approval)`,
  }));
}
