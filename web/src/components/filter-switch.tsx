import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { memo, type ReactNode } from "react";

interface FilterSwitchProps<K extends string> {
  name: K;
  label: string;
  checked: boolean;
  onChange: (name: K, checked: boolean) => void;
}

function FilterSwitchInner<K extends string>({ name, label, checked, onChange }: FilterSwitchProps<K>) {
  return <FormControlLabel control={<Switch checked={checked} onChange={(_, value) => onChange(name, value)} />} label={label} />;
}

/** A labelled switch for a list filter. */
export const FilterSwitch = memo(FilterSwitchInner) as typeof FilterSwitchInner;

interface FilterBarProps<K extends string> {
  /** What the group is called for screen readers ('Program filters'). */
  label: string;
  filters: readonly { name: K; label: string }[];
  values: Readonly<Record<K, boolean>>;
  onChange: (name: K, checked: boolean) => void;
  /** How many entries the filters leave, announced as it changes. */
  count?: ReactNode;
}

/** A list's row of filter switches, with the count of what they leave on the right. */
export function FilterBar<K extends string>({ label, filters, values, onChange, count }: FilterBarProps<K>) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: "wrap", alignItems: "center", columnGap: 2 }} role="group" aria-label={label}>
        {filters.map(({ name, label: text }) => (
          <FilterSwitch key={name} name={name} label={text} checked={values[name]} onChange={onChange} />
        ))}
        {count === undefined ? null : (
          <Typography color="text.secondary" sx={{ ml: "auto" }} aria-live="polite">
            {count}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}
