import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";

interface ProgramSelectProps {
  options: readonly { id: string; name: string }[];
  /** "" while nothing is chosen. */
  value: string;
  onChange: (programId: string) => void;
}

/** 'Select Program': which program the chart and the User Performance table describe. */
export function ProgramSelect({ options, value, onChange }: ProgramSelectProps) {
  return (
    <TextField
      select
      id="analytics-program"
      label="Select Program"
      helperText="Choose a program to analyze"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ width: { xs: "100%", sm: 400 } }}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 300 } } } } } }}
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
