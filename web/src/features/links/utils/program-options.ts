import type { Program } from "@hub/contract/programs";

export const CREATE_NEW_PROGRAM_LABEL = "Create New Program";

export type ProgramOption =
  /** `disabled`: its offer has ended; listed as Ended, not to be chosen (a new link would be refused). */
  | { kind: "program"; id: string; label: string; disabled: boolean }
  | { kind: "create"; id: typeof CREATE_NEW_PROGRAM_ID; label: typeof CREATE_NEW_PROGRAM_LABEL };

/** Not a Firestore id (those never start with an underscore pair), so it cannot clash with a program. */
export const CREATE_NEW_PROGRAM_ID = "__create-new-program__";

const CREATE_OPTION: ProgramOption = { kind: "create", id: CREATE_NEW_PROGRAM_ID, label: CREATE_NEW_PROGRAM_LABEL };

/** What the picker shows for a program: ended and unapproved ones say so. */
export function programLabel(program: Pick<Program, "name" | "approved"> & { offerEnded?: boolean }): string {
  if (program.offerEnded) return `${program.name} (Ended)`;
  return program.approved ? program.name : `${program.name} (Pending Approval)`;
}

export interface ProgramOptionsConfig {
  /** Programs where the member already has a link: hidden (one link per program). */
  excludeProgramIds?: Iterable<string>;
  /** Adds 'Create New Program', always last (only on /submit). */
  allowCreate?: boolean;
}

/** The picker's options in the given (server: by name) order. */
export function buildProgramOptions(
  programs: readonly Pick<Program, "id" | "name" | "approved" | "offerEnded">[],
  { excludeProgramIds = [], allowCreate = false }: ProgramOptionsConfig = {},
): ProgramOption[] {
  const excluded = new Set(excludeProgramIds);
  const options: ProgramOption[] = programs
    .filter((program) => !excluded.has(program.id))
    .map((program) => ({ kind: "program", id: program.id, label: programLabel(program), disabled: program.offerEnded }));
  return allowCreate ? [...options, CREATE_OPTION] : options;
}

/** Case-insensitive search by label; 'Create New Program' stays, and stays last, whatever is typed. */
export function filterProgramOptions(options: readonly ProgramOption[], inputValue: string): ProgramOption[] {
  const query = inputValue.trim().toLocaleLowerCase();
  const matches = options.filter((option) => option.kind === "program" && option.label.toLocaleLowerCase().includes(query));
  const create = options.filter((option) => option.kind === "create");
  return [...matches, ...create];
}
