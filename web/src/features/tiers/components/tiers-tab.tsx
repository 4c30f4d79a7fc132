import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import Radio from "@mui/material/Radio";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import { useId, useRef, useState, type FormEvent } from "react";
import { TIER_LIMITS, type TierSettings } from "@hub/contract/tiers";
import { ConfirmDialog } from "@/components/forms/index";
import { QueryErrorAlert } from "@/components/errors/index";
import { PageSpinner } from "@/components/spinners/index";
import { useSaveTiers, useTiers } from "../api/tiers";
import {
  canAddTier,
  hasTierErrors,
  isDirty,
  newTierRow,
  NO_TIER_ERRORS,
  parseTiersForm,
  REMOVAL_HELP,
  removalBlock,
  saveRefusal,
  TIER_FIELDS,
  tierErrorsFrom,
  tierHeading,
  tierNameOf,
  tiersFormFrom,
  withField,
  type TierErrors,
  type TierField,
  type TierRow,
  type TiersForm,
} from "../utils/tier-form";

/** The text field that edits each of the contract's fields. */
const INPUT_OF: Record<TierField, "id" | "name" | "weight" | "prices"> = {
  id: "id",
  name: "name",
  weight: "weight",
  stripePriceIds: "prices",
};
const FIELD_OF = { id: "id", name: "name", weight: "weight", prices: "stripePriceIds" } as const;

/**
 * Tiers tab (the contract's *Tiers and weighted shares*): the community's membership tiers, each with
 * its weight in the rotation and the Stripe prices that grant it, and the default tier. Saved as a
 * whole; a removed tier's members move to the default.
 */
export function TiersTab() {
  const tiersQuery = useTiers();
  if (tiersQuery.isPending) return <PageSpinner label="Loading the tiers" />;
  if (tiersQuery.isError) return <QueryErrorAlert what="the tiers" queries={[tiersQuery]} />;
  return <TiersPanel stored={tiersQuery.data} />;
}

function TiersPanel({ stored }: { stored: TierSettings }) {
  const baseId = useId();
  const fieldId = (key: string, input: string) => `${baseId}-${key}-${input}`;
  const [form, setForm] = useState<TiersForm>(() => tiersFormFrom(stored));
  const [errors, setErrors] = useState<TierErrors>(NO_TIER_ERRORS);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ row: TierRow; index: number } | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const added = useRef(0);
  const addButton = useRef<HTMLButtonElement>(null);
  const save = useSaveTiers({
    success: { title: "Tiers saved", description: "Members' weights change at each rotation's next refresh" },
    // said in the panel, above the Save button, with the fields it is about marked
    error: () => null,
  });

  const dirty = isDirty(form, stored);
  const defaultRow = form.rows.find((row) => row.key === form.defaultKey);

  const focusField = (key: string, input: string) => requestAnimationFrame(() => document.getElementById(fieldId(key, input))?.focus());

  const showErrors = (found: TierErrors) => {
    setErrors(found);
    const first = form.rows.find((row) => found.rows[row.key] !== undefined);
    const field = first ? TIER_FIELDS.find((name) => found.rows[first.key]?.[name] !== undefined) : undefined;
    if (first && field) focusField(first.key, INPUT_OF[field]);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const parsed = parseTiersForm(form);
    if (!parsed.ok) {
      showErrors(parsed.errors);
      return;
    }
    setErrors(NO_TIER_ERRORS);
    save.mutate(parsed.value, {
      onSuccess: (saved) => {
        setForm(tiersFormFrom(saved));
        setFocusKey(null);
      },
      onError: (error) => {
        const { message, issues } = saveRefusal(error);
        setRefusal(message);
        showErrors(tierErrorsFrom(issues, form));
      },
    });
  };

  const change = (key: string, input: "id" | "name" | "weight" | "prices", value: string) => {
    const before = form.rows.find((row) => row.key === key);
    // typing is the fix a message asked for; a new tier's id follows its name until the id is typed
    const fixed: TierField[] = before && input === "name" && !before.saved && !before.idTouched ? ["name", "id"] : [FIELD_OF[input]];
    setForm((current) => ({ ...current, rows: current.rows.map((row) => (row.key === key ? withField(row, input, value) : row)) }));
    setErrors((current) => {
      const rowErrors = current.rows[key];
      if (!rowErrors || fixed.every((field) => rowErrors[field] === undefined)) return current;
      const rest = Object.fromEntries(Object.entries(rowErrors).filter(([field]) => !(fixed as string[]).includes(field)));
      return { ...current, rows: { ...current.rows, [key]: rest } };
    });
  };

  const addTier = () => {
    added.current += 1;
    const row = newTierRow(added.current);
    setForm((current) => ({ ...current, rows: [...current.rows, row] }));
    setFocusKey(row.key);
  };

  const removeTier = (key: string) => {
    setForm((current) => ({ ...current, rows: current.rows.filter((row) => row.key !== key) }));
    setErrors((current) => ({ ...current, rows: { ...current.rows, [key]: undefined } }));
    setRemoving(null);
    // the Remove button is gone with its row: the keyboard goes on from Add Tier
    requestAnimationFrame(() => addButton.current?.focus());
  };

  const discard = () => {
    setForm(tiersFormFrom(stored));
    setErrors(NO_TIER_ERRORS);
    setRefusal(null);
    setFocusKey(null);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <form onSubmit={handleSubmit} noValidate aria-labelledby={`${baseId}-heading`}>
        <Stack spacing={2}>
          <Typography id={`${baseId}-heading`} variant="h6" component="h2">
            Membership tiers
          </Typography>
          <Typography variant="body2" color="text.secondary">
            A tier&apos;s weight is its members&apos; links&apos; share of each program&apos;s rotation: a 2× link is shown twice as often
            as a 1× link, and the fairness report measures it against a share twice as large. A member has the tier an admin chose for them
            (Users tab), else the tier that lists the price of their Stripe subscription, else the default tier. Members see their own tier
            and weight, never anyone else&apos;s.
          </Typography>

          <Stack spacing={2}>
            {form.rows.map((row, index) => (
              <TierRowFields
                key={row.key}
                row={row}
                index={index}
                fieldId={fieldId}
                radioName={`${baseId}-default`}
                isDefault={row.key === form.defaultKey}
                blocked={removalBlock(form, row.key)}
                errors={errors.rows[row.key]}
                autoFocus={row.key === focusKey}
                disabled={save.isPending}
                onChange={change}
                onDefault={(key) => setForm((current) => ({ ...current, defaultKey: key }))}
                onRemove={() => (row.saved ? setRemoving({ row, index }) : removeTier(row.key))}
              />
            ))}
          </Stack>

          <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
            <Button
              ref={addButton}
              variant="outlined"
              startIcon={<AddIcon />}
              disabled={!canAddTier(form) || save.isPending}
              onClick={addTier}
              aria-describedby={`${baseId}-count`}
            >
              Add Tier
            </Button>
            <Typography id={`${baseId}-count`} variant="body2" color="text.secondary">
              {canAddTier(form)
                ? `${String(form.rows.length)} of at most ${String(TIER_LIMITS.tiers)} tiers`
                : `A community has at most ${String(TIER_LIMITS.tiers)} tiers.`}
            </Typography>
          </Stack>

          {refusal !== null ? (
            <Alert severity="error">Tiers not saved: {refusal}</Alert>
          ) : hasTierErrors(errors) ? (
            <Alert severity="error">
              {errors.form.length > 0 ? errors.form.join(" ") : "Tiers not saved: check the messages under the fields."}
            </Alert>
          ) : null}

          <Stack direction={{ xs: "column", sm: "row" }} spacing={1} useFlexGap sx={{ alignItems: { sm: "center" }, flexWrap: "wrap" }}>
            <Button type="submit" variant="contained" loading={save.isPending}>
              Save
            </Button>
            <Button variant="outlined" disabled={!dirty || save.isPending} onClick={discard}>
              Discard Changes
            </Button>
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {dirty ? "Unsaved changes" : "No unsaved changes"}
            </Typography>
          </Stack>
        </Stack>
      </form>
      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove the tier ${tierNameOf(removing.row, removing.index)}?` : "Remove the tier?"}
        confirmLabel="Remove Tier"
        destructive
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && removeTier(removing.row.key)}
      >
        Its members move to the default tier{defaultRow ? `, ${tierNameOf(defaultRow, form.rows.indexOf(defaultRow))},` : ""} when you save.
        An admin&apos;s choice of this tier for a member is cleared. Nothing changes until you save.
      </ConfirmDialog>
    </Paper>
  );
}

interface TierRowFieldsProps {
  row: TierRow;
  index: number;
  fieldId: (key: string, input: string) => string;
  /** Every row's Default radio has this name: one group, moved through with the arrow keys. */
  radioName: string;
  isDefault: boolean;
  blocked: ReturnType<typeof removalBlock>;
  errors: Partial<Record<TierField, string>> | undefined;
  autoFocus: boolean;
  disabled: boolean;
  onChange: (key: string, input: "id" | "name" | "weight" | "prices", value: string) => void;
  onDefault: (key: string) => void;
  onRemove: () => void;
}

/** One tier: a group named by its heading, its fields side by side on a wide screen and stacked on a phone. */
function TierRowFields({
  row,
  index,
  fieldId,
  radioName,
  isDefault,
  blocked,
  errors,
  autoFocus,
  disabled,
  onChange,
  onDefault,
  onRemove,
}: TierRowFieldsProps) {
  const headingId = fieldId(row.key, "heading");
  const helpId = fieldId(row.key, "remove-help");
  return (
    <Box
      role="group"
      aria-labelledby={headingId}
      sx={{ border: 1, borderColor: isDefault ? "primary.main" : "divider", borderRadius: 1, p: { xs: 1.5, sm: 2 } }}
    >
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5, overflowWrap: "anywhere" }}>
        {tierHeading(row, index)}
      </Typography>
      <Box
        sx={{
          display: "grid",
          gap: 2,
          alignItems: "start",
          gridTemplateColumns: {
            xs: "minmax(0, 1fr)",
            sm: "repeat(2, minmax(0, 1fr))",
            md: "minmax(0, 1fr) minmax(0, 1.4fr) 9rem minmax(0, 2fr)",
          },
        }}
      >
        <TextField
          id={fieldId(row.key, "id")}
          label="Tier id"
          value={row.id}
          onChange={(event) => onChange(row.key, "id", event.target.value)}
          error={errors?.id !== undefined}
          helperText={errors?.id ?? (row.saved ? "Kept once saved" : "Lower-case letters, digits and dashes")}
          autoComplete="off"
          disabled={disabled}
          slotProps={{ htmlInput: { maxLength: 40, readOnly: row.saved, spellCheck: false } }}
        />
        <TextField
          id={fieldId(row.key, "name")}
          label="Name"
          value={row.name}
          onChange={(event) => onChange(row.key, "name", event.target.value)}
          error={errors?.name !== undefined}
          helperText={errors?.name ?? "Members see it on their dashboard"}
          autoComplete="off"
          autoFocus={autoFocus}
          disabled={disabled}
          required
          slotProps={{ htmlInput: { maxLength: TIER_LIMITS.name } }}
        />
        <TextField
          id={fieldId(row.key, "weight")}
          label="Weight"
          type="number"
          value={row.weight}
          onChange={(event) => onChange(row.key, "weight", event.target.value)}
          error={errors?.weight !== undefined}
          helperText={errors?.weight ?? `${String(TIER_LIMITS.weight.min)} to ${String(TIER_LIMITS.weight.max)}`}
          disabled={disabled}
          required
          slotProps={{ htmlInput: { min: TIER_LIMITS.weight.min, max: TIER_LIMITS.weight.max, step: 1, inputMode: "numeric" } }}
        />
        <TextField
          id={fieldId(row.key, "prices")}
          label="Stripe price ids"
          value={row.prices}
          onChange={(event) => onChange(row.key, "prices", event.target.value)}
          error={errors?.stripePriceIds !== undefined}
          helperText={errors?.stripePriceIds ?? "Separated by commas or spaces, e.g. price_…"}
          autoComplete="off"
          disabled={disabled}
          sx={{ gridColumn: { sm: "1 / -1", md: "auto" } }}
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
      </Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 1, alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}>
        <FormControlLabel
          control={
            <Radio
              name={radioName}
              value={row.key}
              checked={isDefault}
              disabled={disabled}
              onChange={(_, checked) => {
                if (checked) onDefault(row.key);
              }}
            />
          }
          label="Default tier"
        />
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap", justifyContent: "flex-end" }}>
          {blocked ? (
            <Typography id={helpId} variant="body2" color="text.secondary">
              {REMOVAL_HELP[blocked]}
            </Typography>
          ) : null}
          <Button
            color="error"
            startIcon={<DeleteOutlinedIcon />}
            disabled={blocked !== null || disabled}
            aria-label={`Remove ${tierNameOf(row, index)}`}
            aria-describedby={blocked ? helpId : undefined}
            onClick={onRemove}
          >
            Remove
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
