import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import type { TimeFilter } from "@hub/contract/analytics";
import { isTimeFilter, TIME_RANGE_OPTIONS } from "../utils/time-ranges";

/** 'Time Range': which window every number, table and chart on the page covers. */
export function TimeRangeSelect({ value, onChange }: { value: TimeFilter; onChange: (range: TimeFilter) => void }) {
  return (
    <TextField
      select
      id="analytics-time-range"
      label="Time Range"
      size="small"
      value={value}
      onChange={(event) => {
        if (isTimeFilter(event.target.value)) onChange(event.target.value);
      }}
      sx={{ minWidth: { xs: "100%", sm: 220 } }}
    >
      {TIME_RANGE_OPTIONS.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
