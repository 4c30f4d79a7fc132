import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import { memo } from "react";

interface FilterSwitchProps<K extends string> {
  name: K;
  label: string;
  checked: boolean;
  onChange: (name: K, checked: boolean) => void;
}

function FilterSwitchInner<K extends string>({ name, label, checked, onChange }: FilterSwitchProps<K>) {
  return (
    <FormControlLabel
      control={<Switch checked={checked} onChange={(_, value) => onChange(name, value)} />}
      label={label}
    />
  );
}

/** A labelled switch for a list filter. */
export const FilterSwitch = memo(FilterSwitchInner) as typeof FilterSwitchInner;
