import FormHelperText from "@mui/material/FormHelperText";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { FormTextField, type FormFields } from "@/components/forms/index";

export type NewProgramField = "newProgramName" | "newProgramDescription" | "newProgramFallbackUrl";

interface NewProgramFieldsProps {
  /** The /submit form: its new-program fields, and `newProgram` for a message about the group. */
  form: FormFields<NewProgramField, string>;
  disabled: boolean;
}

/** The 'Create New Program' details on /submit: name required, description and fallback URL optional. */
export function NewProgramFields({ form, disabled }: NewProgramFieldsProps) {
  const { errors } = form;

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
        <FormTextField form={form} field="newProgramName" name="newProgramName" label="Program Name" required disabled={disabled} />
        <FormTextField
          form={form}
          field="newProgramDescription"
          name="newProgramDescription"
          label="Program Description (optional)"
          multiline
          minRows={2}
          disabled={disabled}
        />
        <FormTextField
          form={form}
          field="newProgramFallbackUrl"
          name="newProgramFallbackUrl"
          label="Fallback URL (optional)"
          type="url"
          placeholder="https://"
          hint="Where visitors go when no link is active"
          disabled={disabled}
        />
      </Stack>
    </Paper>
  );
}
