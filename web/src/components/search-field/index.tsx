import SearchIcon from "@mui/icons-material/Search";
import { PlainTextField } from "@/components/plain-text-field/index";

interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** What can be searched, read out with the box ("Program name, member, e-mail, address…"). */
  hint: string;
}

/** The admin tabs' search box: a labelled search input (Escape clears it, as browsers do for type=search). */
export function SearchField({ label, value, onChange, hint }: SearchFieldProps) {
  return (
    <PlainTextField
      type="search"
      label={label}
      placeholder={hint}
      aria-description={hint}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      size="small"
      sx={{ width: { xs: "100%", sm: 420 } }}
      startAdornment={<SearchIcon fontSize="small" aria-hidden />}
    />
  );
}
