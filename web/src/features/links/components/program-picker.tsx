import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import { useMemo } from "react";
import type { Program } from "@hub/contract/programs";
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

/** Searchable program selector shared by the dashboard dialog and /submit (spec 2, /submit). */
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

  return (
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
  );
}
