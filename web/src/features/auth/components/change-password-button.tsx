import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import LockResetIcon from "@mui/icons-material/LockReset";
import { useId, useState, type SubmitEvent } from "react";
import { changePasswordRequestSchema } from "@hub/contract/users";
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

type FieldErrors = { current?: string | undefined; password?: string | undefined; confirm?: string | undefined };

function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const { toast } = useToast();
  const changePassword = useChangeAdminPassword();
  const titleId = useId();
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  // Typing in a field clears that field's error.
  const edit = (field: keyof FieldErrors, set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = changePasswordRequestSchema.safeParse({ password });
    const next: FieldErrors = {
      current: current ? undefined : "Enter your current password",
      password: parsed.success ? undefined : parsed.error.issues[0]?.message,
      confirm: password === confirm ? undefined : "Passwords don't match",
    };
    if (!parsed.success || next.current || next.confirm) {
      setErrors(next);
      return;
    }
    changePassword.mutateAsync({ ...parsed.data, currentPassword: current }).then(
      () => {
        toast({ title: "Password updated", description: "Your admin password has been changed" });
        onClose();
      },
      (err: unknown) => {
        if (err instanceof WrongCurrentPasswordError) setErrors({ current: err.message });
        else toast({ title: "Error", description: "Failed to update password. Please try again.", variant: "destructive" });
      },
    );
  };

  return (
    <Dialog open onClose={changePassword.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id={titleId}>Change Admin Password</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <PasswordField label="Current password" value={current} onChange={edit("current", setCurrent)} error={errors.current} autoFocus autoComplete="current-password" />
            <PasswordField label="New password" value={password} onChange={edit("password", setPassword)} error={errors.password} hint="At least 8 characters" autoComplete="new-password" />
            <PasswordField label="Confirm password" value={confirm} onChange={edit("confirm", setConfirm)} error={errors.confirm} autoComplete="new-password" />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={changePassword.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={changePassword.isPending}>
            Update Password
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  /** Shown under the field while it has no error. */
  hint?: string;
  autoFocus?: boolean;
  autoComplete: "current-password" | "new-password";
}

function PasswordField({ label, value, onChange, error, hint, autoFocus = false, autoComplete }: PasswordFieldProps) {
  return (
    <TextField
      label={label}
      type="password"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? hint}
      required
      fullWidth
      autoFocus={autoFocus}
      autoComplete={autoComplete}
    />
  );
}
