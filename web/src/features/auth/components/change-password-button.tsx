import Button from "@mui/material/Button";
import LockResetIcon from "@mui/icons-material/LockReset";
import { useState } from "react";
import { changePasswordRequestSchema } from "@hub/contract/users";
import { FormDialog, FormTextField, useFormFields } from "@/components/forms/index";
import { useToast } from "@/components/toasts/index";
import { useChangeAdminPassword, WrongCurrentPasswordError } from "../api/change-admin-password";

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

function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const { toast } = useToast();
  const changePassword = useChangeAdminPassword();
  const form = useFormFields({ current: "", password: "", confirm: "" });

  const handleSubmit = () => {
    const { current, password, confirm } = form.values;
    const parsed = changePasswordRequestSchema.safeParse({ password });
    const errors = {
      current: current ? undefined : "Enter your current password",
      password: parsed.success ? undefined : parsed.error.issues[0]?.message,
      confirm: password === confirm ? undefined : "Passwords don't match",
    };
    if (!parsed.success || errors.current || errors.confirm) {
      form.setErrors(errors);
      return;
    }
    changePassword.mutateAsync({ ...parsed.data, currentPassword: current }).then(
      () => {
        toast({ title: "Password updated", description: "Your admin password has been changed" });
        onClose();
      },
      (err: unknown) => {
        if (err instanceof WrongCurrentPasswordError) form.setErrors({ current: err.message });
        else toast({ title: "Error", description: "Failed to update password. Please try again.", variant: "destructive" });
      },
    );
  };

  return (
    <FormDialog title="Change Admin Password" submitLabel="Update Password" maxWidth="xs" pending={changePassword.isPending} onSubmit={handleSubmit} onClose={onClose}>
      <FormTextField form={form} field="current" label="Current password" type="password" required autoFocus autoComplete="current-password" />
      <FormTextField form={form} field="password" label="New password" type="password" required hint="At least 8 characters" autoComplete="new-password" />
      <FormTextField form={form} field="confirm" label="Confirm password" type="password" required autoComplete="new-password" />
    </FormDialog>
  );
}
