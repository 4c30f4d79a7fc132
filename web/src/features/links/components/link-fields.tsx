import TextField from "@mui/material/TextField";

interface LinkFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The validation message, shown in place of any hint. */
  error?: string | undefined;
  disabled?: boolean;
  /** Shows an example while the field is empty (left off when editing a saved link). */
  showPlaceholder?: boolean;
}

interface ReferralLinkFieldProps extends LinkFieldProps {
  autoFocus?: boolean;
  /** Helper text while there is no error. */
  hint?: string;
}

/** The required 'Referral Link' URL field of the member's link forms. */
export function ReferralLinkField({ value, onChange, error, disabled, autoFocus, showPlaceholder, hint }: ReferralLinkFieldProps) {
  return (
    <TextField
      label="Referral Link"
      name="link"
      type="url"
      required
      fullWidth
      autoFocus={autoFocus}
      placeholder={showPlaceholder ? "https://" : undefined}
      value={value}
      onChange={(event) => {
        onChange(event.target.value);
      }}
      error={Boolean(error)}
      helperText={error ?? hint}
      disabled={disabled}
    />
  );
}

/** The required, multiline 'Offer Details' field of the member's link forms. */
export function OfferDetailsField({ value, onChange, error, disabled, showPlaceholder }: LinkFieldProps) {
  return (
    <TextField
      label="Offer Details"
      name="description"
      required
      fullWidth
      multiline
      minRows={3}
      placeholder={showPlaceholder ? "e.g. 60,000 bonus points after $4,000 spend in 3 months" : undefined}
      value={value}
      onChange={(event) => {
        onChange(event.target.value);
      }}
      error={Boolean(error)}
      helperText={error}
      disabled={disabled}
    />
  );
}
