import Autocomplete from "@mui/material/Autocomplete";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useId } from "react";
import { addDays, utcDay } from "@hub/contract/dates";
import type { ReferralLink } from "@hub/contract/links";
import { createOutcomeRequestSchema, OUTCOME_KINDS, OUTCOME_NOTE_MAX, type CreateOutcomeRequest } from "@hub/contract/outcomes";
import { DialogForm, FormTextField, SelectField, useFormFields, type FormFields } from "@/components/forms/index";
import { ResponsiveDialog } from "@/components/responsive/index";
import { failureToast } from "@/components/toasts/index";
import { readStorage, STORAGE_KEYS, writeStorage } from "@/lib/browser-storage";
import { issueFieldErrors } from "@/lib/form-errors";
import { useRecordOutcome } from "../api/record-outcome";
import {
  COMMON_CURRENCIES,
  DEFAULT_CURRENCY,
  formatEntryDay,
  localDay,
  OUTCOME_KIND_LABELS,
  outcomeRequestInput,
  type OutcomeField,
} from "../utils/earnings";
import { useLastNonNull } from "./use-last-non-null";

const FIELDS: readonly OutcomeField[] = ["kind", "occurredOn", "amount", "currency", "note"];
const KIND_OPTIONS = OUTCOME_KINDS.map((kind) => ({ value: kind, label: OUTCOME_KIND_LABELS[kind] }));

interface RecordOutcomeDialogProps {
  /** The link the outcome came from; null closes the dialog. */
  link: ReferralLink | null;
  onClose: () => void;
}

/** What came of one of the member's links: signed up, paid (amount optional) or clawed back, on a day, with a note. */
export function RecordOutcomeDialog({ link, onClose }: RecordOutcomeDialogProps) {
  // Kept while the dialog fades out, so its text does not change as it closes.
  const shown = useLastNonNull(link);
  const titleId = useId();
  const record = useRecordOutcome({
    success: (outcome) => ({
      title: "Outcome recorded",
      description: `${OUTCOME_KIND_LABELS[outcome.kind]} on ${formatEntryDay(outcome.occurredOn)} for ${outcome.programName}.`,
    }),
    // Messages about a field are shown under it; anything else in a toast.
    error: (error) => (issueFieldErrors(error, FIELDS) ? null : failureToast("Could not record the outcome", error)),
  });
  const close = () => {
    if (!record.isPending) onClose();
  };
  return (
    <ResponsiveDialog open={link !== null} onClose={close} aria-labelledby={titleId} maxWidth="sm">
      {shown ? (
        // Unmounted while closed, so every opening starts from today and the last currency.
        <OutcomeForm
          key={shown.id}
          titleId={titleId}
          link={shown}
          pending={record.isPending}
          onCancel={close}
          onSubmit={(outcome, form) => {
            record.mutate(
              { linkId: shown.id, outcome },
              {
                onSuccess: () => {
                  if (outcome.currency) writeStorage(STORAGE_KEYS.lastOutcomeCurrency, outcome.currency);
                  onClose();
                },
                onError: (error) => {
                  const errors = issueFieldErrors(error, FIELDS);
                  if (errors) form.setErrors(errors);
                },
              },
            );
          }}
        />
      ) : null}
    </ResponsiveDialog>
  );
}

interface OutcomeFormProps {
  titleId: string;
  link: ReferralLink;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (outcome: CreateOutcomeRequest, form: FormFields<OutcomeField>) => void;
}

function OutcomeForm({ titleId, link, pending, onCancel, onSubmit }: OutcomeFormProps) {
  const form = useFormFields<OutcomeField>(() => ({
    kind: "paid",
    occurredOn: localDay(new Date()),
    amount: "",
    currency: readStorage(STORAGE_KEYS.lastOutcomeCurrency) ?? DEFAULT_CURRENCY,
    note: "",
  }));
  // The server takes a day up to one after its own (UTC) today: members east of UTC are a day ahead.
  const latestDay = addDays(utcDay(new Date()), 1);

  const handleSubmit = () => {
    const outcome = form.parse(createOutcomeRequestSchema, outcomeRequestInput(form.values));
    if (outcome) onSubmit(outcome, form);
  };

  return (
    <DialogForm
      titleId={titleId}
      title={`Record outcome: ${link.programName}`}
      description="What came of a referral through this link. Paid referrals count towards the bank's cap, if it has one."
      submitLabel="Record"
      pending={pending}
      onSubmit={handleSubmit}
      onCancel={onCancel}
    >
      <SelectField label="Outcome" value={form.values.kind} options={KIND_OPTIONS} onChange={(kind) => form.set("kind", kind)} />
      <FormTextField
        form={form}
        field="occurredOn"
        label="Date"
        type="date"
        required
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: latestDay } }}
      />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <FormTextField
          form={form}
          field="amount"
          label="Amount (optional)"
          hint="For example 200 or 150.50"
          slotProps={{ htmlInput: { inputMode: "decimal" } }}
        />
        <CurrencyField form={form} />
      </Stack>
      <FormTextField
        form={form}
        field="note"
        label="Note (optional)"
        multiline
        minRows={2}
        maxLength={OUTCOME_NOTE_MAX}
        hint={`At most ${String(OUTCOME_NOTE_MAX)} characters`}
      />
    </DialogForm>
  );
}

/** A common currency from the list, or any 3-letter code typed in (the contract checks it). */
function CurrencyField({ form }: { form: FormFields<OutcomeField> }) {
  const error = form.errors.currency;
  return (
    <Autocomplete
      freeSolo
      fullWidth
      options={COMMON_CURRENCIES}
      inputValue={form.values.currency}
      onInputChange={(_event, value) => form.set("currency", value.toUpperCase())}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Currency"
          error={Boolean(error)}
          helperText={error ?? "Used with an amount"}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: 3, autoCapitalize: "characters" } }}
        />
      )}
    />
  );
}
