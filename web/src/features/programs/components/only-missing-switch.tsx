import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";

/** The member's filter on /programs. Its own chunk: a visitor never sees it (MUI's Switch, about 3 KB of gzip). */
export default function OnlyMissingSwitch({ checked, onChange }: { checked: boolean; onChange: (onlyMissing: boolean) => void }) {
  return (
    <FormControlLabel
      control={
        <Switch
          checked={checked}
          onChange={(_event, onlyMissing) => {
            onChange(onlyMissing);
          }}
        />
      }
      label="Only programs without my link"
    />
  );
}
