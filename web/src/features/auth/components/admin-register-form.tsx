import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import type { UseMutationResult } from "@tanstack/react-query";
import { useState, type SubmitEvent } from "react";
import { registerRequestSchema, type RegisterRequest } from "@hub/contract/auth";
import type { CurrentUser } from "@hub/contract/users";
import { FormTextField, useFormFields } from "@/components/forms/index";
import { failureToast, useToast } from "@/components/toasts/index";
import { ApiRequestError } from "@/lib/api-client";

interface AdminRegisterFormProps {
  registration: UseMutationResult<CurrentUser, Error, RegisterRequest>;
}

const isRegistrationClosed = (error: unknown) => error instanceof ApiRequestError && error.code === "REGISTRATION_CLOSED";

/**
 * The registration form: the first admin's username and password, and the setup
 * token the operator set at deploy. The token field is always there: the browser cannot tell whether
 * the server asks for it (a deployed hub does, the emulator does not), so it is optional here and
 * the server decides. Any refusal shows 'Registration failed'; once the server says an admin exists,
 * the form gives way to saying that registration is closed.
 */
export function AdminRegisterForm({ registration }: AdminRegisterFormProps) {
  const { toast } = useToast();
  const form = useFormFields({ username: "", password: "", setupToken: "" });
  const [closed, setClosed] = useState(false);

  if (closed) {
    return <Alert severity="info">Registration is closed: an administrator already exists. Log in with an administrator account.</Alert>;
  }

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { setupToken, ...rest } = form.values;
    const parsed = form.parse(registerRequestSchema, setupToken ? { ...rest, setupToken } : rest);
    if (!parsed) return;
    registration.mutate(parsed, {
      onError: (error) => {
        toast(failureToast("Registration failed", error));
        if (isRegistrationClosed(error)) setClosed(true);
      },
    });
  };

  return (
    <Stack component="form" noValidate onSubmit={handleSubmit} spacing={2.5}>
      <FormTextField
        form={form}
        field="username"
        name="username"
        label="Username"
        type="email"
        autoComplete="username"
        autoFocus
        required
      />
      <FormTextField form={form} field="password" name="password" label="Password" type="password" autoComplete="new-password" required />
      <FormTextField
        form={form}
        field="setupToken"
        name="setupToken"
        label="Setup Token"
        autoComplete="off"
        hint="The setup token the hub's operator set when deploying it."
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={registration.isPending}>
        Register
      </Button>
    </Stack>
  );
}
