import type { FormFields } from "@/components/forms/index";
import { FormTextField } from "@/components/forms/index";

interface LinkFieldProps {
  /** The member's link form, which has a `link` and a `description` field. */
  form: FormFields<"link" | "description", string>;
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
export function ReferralLinkField({ form, disabled, autoFocus, showPlaceholder, hint }: ReferralLinkFieldProps) {
  return (
    <FormTextField
      form={form}
      field="link"
      label="Referral Link"
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

/** The required, multiline 'Offer Details' field of the member's link forms. */
export function OfferDetailsField({ form, disabled, showPlaceholder }: LinkFieldProps) {
  return (
    <FormTextField
      form={form}
      field="description"
      label="Offer Details"
      name="description"
      required
      multiline
      minRows={3}
      placeholder={showPlaceholder ? "e.g. 60,000 bonus points after $4,000 spend in 3 months" : undefined}
      disabled={disabled}
    />
  );
}
