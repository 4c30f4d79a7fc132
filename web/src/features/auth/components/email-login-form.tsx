import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import type { SubmitEvent } from "react";

interface EmailLoginFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  error: string | null;
  pending: boolean;
  onSubmit: (email: string) => void;
}

export function EmailLoginForm({ email, onEmailChange, error, pending, onSubmit }: EmailLoginFormProps) {
  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(email);
  };

  return (
    <Stack component="form" noValidate onSubmit={handleSubmit} spacing={2.5}>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        autoFocus
        required
        fullWidth
        placeholder="you@example.com"
        value={email}
        onChange={(event) => {
          onEmailChange(event.target.value);
        }}
        error={Boolean(error)}
        helperText={error}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={pending}>
        Send Login Link
      </Button>
    </Stack>
  );
}
