import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import type { TimeFilter } from "@hub/contract/analytics";
import { isTimeFilter, TIME_RANGE_OPTIONS } from "../utils/time-ranges";

interface TimeRangeSelectProps<T extends TimeFilter> {
  value: T;
  onChange: (range: T) => void;
  /** The ranges offered (the analytics screen offers all six), with their fixed labels. */
  options?: readonly { value: T; label: string }[];
  id?: string;
}

/** 'Time Range': which window every number, table and chart below it covers. */
export function TimeRangeSelect<T extends TimeFilter>({ value, onChange, options, id = "analytics-time-range" }: TimeRangeSelectProps<T>) {
  const entries = options ?? (TIME_RANGE_OPTIONS as readonly { value: T; label: string }[]);
  return (
    <TextField
      select
      id={id}
      label="Time Range"
      size="small"
      value={value}
      onChange={(event) => {
        const chosen = entries.find((option) => option.value === event.target.value);
        if (chosen && isTimeFilter(chosen.value)) onChange(chosen.value);
      }}
      sx={{ minWidth: { xs: "100%", sm: 220 } }}
    >
      {entries.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
