import type { FormFields } from "@/components/forms/index";
import { FormTextField } from "@/components/forms/index";

interface LinkFieldProps {
  /** A link form, which has a `link` and a `description` field. */
  form: FormFields<"link" | "description", string>;
  disabled?: boolean;
  /** The member's forms say 'Referral Link' and 'Offer Details'; an admin's edit says it in its own words. */
  label?: string;
  /** Shows an example while the field is empty (left off when editing a saved link). */
  showPlaceholder?: boolean;
}

interface ReferralLinkFieldProps extends LinkFieldProps {
  autoFocus?: boolean;
  /** Helper text while there is no error. */
  hint?: string;
}

/** The required 'Referral Link' URL field of the link forms. */
export function ReferralLinkField({ form, disabled, label = "Referral Link", autoFocus, showPlaceholder, hint }: ReferralLinkFieldProps) {
  return (
    <FormTextField
      form={form}
      field="link"
      label={label}
      name="link"
      type="url"
      required
      autoFocus={autoFocus}
      placeholder={showPlaceholder ? "https://" : undefined}
      hint={hint}
      disabled={disabled}
    />
  );
}

/** The required, multiline 'Offer Details' field of the link forms. */
export function OfferDetailsField({ form, disabled, label = "Offer Details", showPlaceholder }: LinkFieldProps) {
  return (
    <FormTextField
      form={form}
      field="description"
      label={label}
      name="description"
      required
      multiline
      minRows={3}
      placeholder={showPlaceholder ? "e.g. 60,000 bonus points after $4,000 spend in 3 months" : undefined}
      disabled={disabled}
    />
  );
}
