import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useMemo } from "react";
import type { Program } from "@hub/contract/programs";
import { ProgramRulesList } from "@/components/program-rules/index";
import { buildProgramOptions, CREATE_NEW_PROGRAM_ID, filterProgramOptions, type ProgramOption } from "../utils/program-options";

export interface ProgramPickerProps {
  id: string;
  label?: string;
  programs: readonly Program[] | undefined;
  loading?: boolean;
  /** Programs where the member already has a link: hidden; undefined while not known yet, when no program is listed. */
  excludeProgramIds: readonly string[] | undefined;
  /** Offers 'Create New Program' (always last); choosing it gives CREATE_NEW_PROGRAM_ID. */
  allowCreate?: boolean;
  /** A program id, CREATE_NEW_PROGRAM_ID, or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string | undefined;
  disabled?: boolean;
  autoFocus?: boolean;
}

const LISTBOX_MAX_HEIGHT_PX = 300;

const hasRules = (program: Program) => program.referrerCap !== null || program.offerEndsOn !== null || program.termsUrl !== null;

/**
 * Searchable program selector shared by the dashboard dialog and /submit, with the
 * chosen program's rules under it (its cap, end date, terms): what the member agrees to by joining.
 * A program whose offer has ended is listed as Ended and cannot be chosen.
 */
export function ProgramPicker({
  id,
  label = "Program",
  programs,
  loading = false,
  excludeProgramIds,
  allowCreate = false,
  value,
  onChange,
  error,
  disabled = false,
  autoFocus = false,
}: ProgramPickerProps) {
  const options = useMemo(
    () => buildProgramOptions(excludeProgramIds === undefined ? [] : (programs ?? []), { excludeProgramIds, allowCreate }),
    [programs, excludeProgramIds, allowCreate],
  );
  // A value the options do not hold (e.g. a just-created program before the list refreshes) shows as empty.
  const selected = options.find((option) => option.id === value) ?? null;
  const chosenProgram = selected?.kind === "program" ? programs?.find((program) => program.id === selected.id) : undefined;

  return (
    <Stack spacing={1}>
      <Autocomplete<ProgramOption>
        id={id}
        options={options}
        value={selected}
        onChange={(_event, option) => {
          onChange(option?.id ?? null);
        }}
        getOptionLabel={(option) => option.label}
        getOptionKey={(option) => option.id}
        isOptionEqualToValue={(option, current) => option.id === current.id}
        getOptionDisabled={(option) => option.kind === "program" && option.disabled}
        filterOptions={(all, state) => filterProgramOptions(all, state.inputValue)}
        loading={loading || excludeProgramIds === undefined}
        disabled={disabled}
        noOptionsText="No programs available"
        renderOption={({ key, ...optionProps }, option) => (
          <li key={key} {...optionProps} style={option.id === CREATE_NEW_PROGRAM_ID ? { fontWeight: 600 } : undefined}>
            {option.label}
          </li>
        )}
        slotProps={{ listbox: { style: { maxHeight: LISTBOX_MAX_HEIGHT_PX } } }}
        renderInput={(params) => (
          <TextField {...params} label={label} required autoFocus={autoFocus} error={Boolean(error)} helperText={error} />
        )}
      />
      {/* announced as it changes with the choice */}
      <Box aria-live="polite">{chosenProgram && hasRules(chosenProgram) ? <ProgramRulesList program={chosenProgram} /> : null}</Box>
    </Stack>
  );
}
