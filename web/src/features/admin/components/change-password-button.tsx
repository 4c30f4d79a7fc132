import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import LockResetIcon from "@mui/icons-material/LockReset";
import { useId, useState, type SubmitEvent } from "react";
import { changePasswordRequestSchema } from "@contract/users";
import { useToast } from "@/components/toasts";
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
            <TextField
              label="Current password"
              type="password"
              value={current}
              onChange={(event) => {
                setCurrent(event.target.value);
                setErrors((errs) => ({ ...errs, current: undefined }));
              }}
              error={Boolean(errors.current)}
              helperText={errors.current}
              required
              fullWidth
              autoFocus
              autoComplete="current-password"
            />
            <TextField
              label="New password"
              type="password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setErrors((current) => ({ ...current, password: undefined }));
              }}
              error={Boolean(errors.password)}
              helperText={errors.password ?? "At least 8 characters"}
              required
              fullWidth
              autoComplete="new-password"
            />
            <TextField
              label="Confirm password"
              type="password"
              value={confirm}
              onChange={(event) => {
                setConfirm(event.target.value);
                setErrors((current) => ({ ...current, confirm: undefined }));
              }}
              error={Boolean(errors.confirm)}
              helperText={errors.confirm}
              required
              fullWidth
              autoComplete="new-password"
            />
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
