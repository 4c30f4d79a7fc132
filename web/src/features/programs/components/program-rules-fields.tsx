import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { CAP_PERIODS, REFERRER_CAP_MAX } from "@hub/contract/programs";
import { FormTextField, type FormFields } from "@/components/forms/index";
import { CAP_PERIOD_LABELS } from "@/lib/program-rules";
import type { ProgramRulesField } from "../utils/program-rules-form";

interface ProgramRulesFieldsProps {
  form: FormFields<ProgramRulesField, string>;
  disabled: boolean;
}

/**
 * The bank's rules for a program (docs/architecture.md, *Program rules*): the most paid
 * referrals it pays one referrer in a period, the offer's last day, its terms. Each is optional; an
 * empty field is no rule.
 */
export function ProgramRulesFields({ form, disabled }: ProgramRulesFieldsProps) {
  const headingId = useId();
  return (
    <Stack component="section" spacing={2} aria-labelledby={headingId} sx={{ pt: 1 }}>
      <Typography id={headingId} component="h3" variant="subtitle2" sx={{ fontWeight: 600 }}>
        Program rules
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <FormTextField
          form={form}
          field="referrerCap"
          label="Referrer cap"
          type="number"
          disabled={disabled}
          hint={`Most paid referrals one member can earn, 1 to ${String(REFERRER_CAP_MAX)}. Empty: no cap.`}
          slotProps={{ htmlInput: { min: 1, max: REFERRER_CAP_MAX, step: 1, inputMode: "numeric" } }}
        />
        <FormTextField form={form} field="capPeriod" label="Cap period" select disabled={disabled}>
          {CAP_PERIODS.map((period) => (
            <MenuItem key={period} value={period}>
              {CAP_PERIOD_LABELS[period]}
            </MenuItem>
          ))}
        </FormTextField>
      </Stack>
      <FormTextField
        form={form}
        field="offerEndsOn"
        label="Offer ends on"
        type="date"
        disabled={disabled}
        hint="The offer's last day (UTC). Empty: no end date."
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <FormTextField
        form={form}
        field="termsUrl"
        label="Terms link"
        type="url"
        disabled={disabled}
        placeholder="https://"
        hint="The bank's referral terms. Empty: none."
      />
    </Stack>
  );
}
