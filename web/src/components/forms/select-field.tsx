import FormControl from "@mui/material/FormControl";
import InputLabel from "@mui/material/InputLabel";
import MenuItem from "@mui/material/MenuItem";
import Select from "@mui/material/Select";
import { useId } from "react";

interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  /** The id of a text that says more about the choice (a hint under the field). */
  describedBy?: string;
}

/** A labelled choice from a list that may be long (the menu scrolls after about eight entries). */
export function SelectField({ label, value, options, onChange, describedBy }: SelectFieldProps) {
  const labelId = useId();
  return (
    <FormControl fullWidth>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select
        labelId={labelId}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        MenuProps={{ slotProps: { paper: { sx: { maxHeight: 300 } } } }}
        SelectDisplayProps={describedBy ? { "aria-describedby": describedBy } : undefined}
      >
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
