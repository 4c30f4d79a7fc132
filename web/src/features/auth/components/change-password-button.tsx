import Button from "@mui/material/Button";
import LockResetIcon from "@mui/icons-material/LockReset";
import { useState } from "react";
import { changePasswordRequestSchema } from "@hub/contract/users";
import { hasErrors, parseForm, type FormResult } from "@/lib/form-errors";
import { FormDialog, FormTextField, useFormFields } from "@/components/forms/index";
import { WrongCurrentPasswordError } from "@/lib/reauthenticate";
import { useChangeAdminPassword } from "../api/change-admin-password";

/** 'Change Admin Password': the current password (the server wants a fresh sign-in), then a new one typed twice. */
export function ChangePasswordButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<LockResetIcon />} onClick={() => setOpen(true)}>
        Change Admin Password
      </Button>
      {open ? <ChangePasswordDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

type PasswordField = "current" | "password" | "confirm";

/** The current password, the new one as the contract takes it, and the same new one again. */
function checkPasswordForm({
  current,
  password,
  confirm,
}: Record<PasswordField, string>): FormResult<{ password: string; currentPassword: string }, PasswordField> {
  const parsed = parseForm(changePasswordRequestSchema, { password });
  const errors = {
    current: current ? undefined : "Enter your current password",
    password: parsed.ok ? undefined : parsed.errors.password,
    confirm: password === confirm ? undefined : "Passwords don't match",
  };
  return parsed.ok && !hasErrors(errors) ? { ok: true, value: { ...parsed.value, currentPassword: current } } : { ok: false, errors };
}

function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const changePassword = useChangeAdminPassword({
    success: { title: "Password updated", description: "Your admin password has been changed" },
    // a wrong current password is said under its field (below)
    error: (err) =>
      err instanceof WrongCurrentPasswordError
        ? null
        : { title: "Error", description: "Failed to update password. Please try again.", variant: "destructive" },
  });
  const form = useFormFields({ current: "", password: "", confirm: "" });

  const handleSubmit = () => {
    const request = form.parse(checkPasswordForm, form.values);
    if (!request) return;
    changePassword.mutate(request, {
      onSuccess: onClose,
      onError: (err) => {
        if (err instanceof WrongCurrentPasswordError) form.setErrors({ current: err.message });
      },
    });
  };

  return (
    <FormDialog
      title="Change Admin Password"
      submitLabel="Update Password"
      maxWidth="xs"
      pending={changePassword.isPending}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <FormTextField
        form={form}
        field="current"
        label="Current password"
        type="password"
        required
        autoFocus
        autoComplete="current-password"
      />
      <FormTextField
        form={form}
        field="password"
        label="New password"
        type="password"
        required
        hint="At least 8 characters"
        autoComplete="new-password"
      />
      <FormTextField form={form} field="confirm" label="Confirm password" type="password" required autoComplete="new-password" />
    </FormDialog>
  );
}
