import FormHelperText from "@mui/material/FormHelperText";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { FieldErrors } from "@/lib/form-errors";
import type { SubmitLinkField, SubmitLinkFormValues } from "../utils/link-forms";

type NewProgramValues = SubmitLinkFormValues["newProgram"];

interface NewProgramFieldsProps {
  values: NewProgramValues;
  onChange: (values: NewProgramValues) => void;
  errors: FieldErrors<SubmitLinkField>;
  disabled: boolean;
}

/** The 'Create New Program' details on /submit: name required, description and fallback URL optional. */
export function NewProgramFields({ values, onChange, errors, disabled }: NewProgramFieldsProps) {
  const set = (field: keyof NewProgramValues) => (event: { target: { value: string } }) => {
    onChange({ ...values, [field]: event.target.value });
  };

  return (
    <Paper
      variant="outlined"
      component="fieldset"
      aria-describedby={errors.newProgram ? "new-program-error" : undefined}
      sx={{ p: 2, m: 0, borderColor: errors.newProgram ? "error.main" : undefined }}
    >
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5, fontWeight: 600 }}>
        New Program
      </Typography>
      <Stack spacing={2.5} sx={{ mt: 1 }}>
        {errors.newProgram ? (
          <FormHelperText id="new-program-error" error sx={{ mx: 0 }}>
            {errors.newProgram}
          </FormHelperText>
        ) : null}
        <TextField
          label="Program Name"
          name="newProgramName"
          required
          fullWidth
          value={values.name}
          onChange={set("name")}
          error={Boolean(errors.newProgramName)}
          helperText={errors.newProgramName}
          disabled={disabled}
        />
        <TextField
          label="Program Description (optional)"
          name="newProgramDescription"
          fullWidth
          multiline
          minRows={2}
          value={values.description}
          onChange={set("description")}
          error={Boolean(errors.newProgramDescription)}
          helperText={errors.newProgramDescription}
          disabled={disabled}
        />
        <TextField
          label="Fallback URL (optional)"
          name="newProgramFallbackUrl"
          type="url"
          fullWidth
          placeholder="https://"
          value={values.fallbackUrl}
          onChange={set("fallbackUrl")}
          error={Boolean(errors.newProgramFallbackUrl)}
          helperText={errors.newProgramFallbackUrl ?? "Where visitors go when no link is active"}
          disabled={disabled}
        />
      </Stack>
    </Paper>
  );
}
