import TextField, { type TextFieldProps } from "@mui/material/TextField";
import type { ReactNode } from "react";
import type { FormFields } from "./use-form-fields";

type FormTextFieldProps<F extends string> = Omit<TextFieldProps, "value" | "onChange" | "error" | "helperText"> & {
  form: FormFields<F, string>;
  field: F;
  /** Shown under the field while it has no message. */
  hint?: ReactNode;
  maxLength?: number;
};

/** A text field bound to one field of a form: its value, and its message in place of the hint. */
export function FormTextField<F extends string>({ form, field, hint, maxLength, ...props }: FormTextFieldProps<F>) {
  const error = form.errors[field];
  return (
    <TextField
      fullWidth
      {...props}
      value={form.values[field]}
      onChange={(event) => form.set(field, event.target.value)}
      error={Boolean(error)}
      helperText={error ?? hint}
      slotProps={maxLength === undefined ? props.slotProps : { ...props.slotProps, htmlInput: { maxLength } }}
    />
  );
}
