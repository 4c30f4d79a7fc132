import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import type { SubmitEvent } from "react";
import { FormTextField, type FormFields } from "@/components/forms/index";

interface EmailLoginFormProps {
  form: FormFields<"email">;
  pending: boolean;
  onSubmit: (email: string) => void;
}

export function EmailLoginForm({ form, pending, onSubmit }: EmailLoginFormProps) {
  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(form.values.email);
  };

  return (
    <Stack component="form" noValidate onSubmit={handleSubmit} spacing={2.5}>
      <FormTextField
        form={form}
        field="email"
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        autoFocus
        required
        placeholder="you@example.com"
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={pending}>
        Send Login Link
      </Button>
    </Stack>
  );
}
