import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import SupervisorAccountIcon from "@mui/icons-material/SupervisorAccount";
import { useId, useState, type SubmitEvent } from "react";
import { loginAsUserRequestSchema } from "@contract/users";
import { useToast } from "@/components/toasts";
import { errorText } from "../utils/errors";

/** 'Dev User': logs in as any user by e-mail, as 'Log in as user' does from a user card. */
export function DevUserButton({ onLogInAsUser }: { onLogInAsUser: (email: string) => Promise<void> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<SupervisorAccountIcon />} onClick={() => setOpen(true)}>
        Dev User
      </Button>
      {open ? <DevUserDialog onLogInAsUser={onLogInAsUser} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function DevUserDialog({ onLogInAsUser, onClose }: { onLogInAsUser: (email: string) => Promise<void>; onClose: () => void }) {
  const { toast } = useToast();
  const titleId = useId();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = loginAsUserRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Please enter a valid email address");
      return;
    }
    setPending(true);
    // On success the page moves to /dashboard; only a failure comes back here.
    onLogInAsUser(parsed.data.email).catch((failure: unknown) => {
      setPending(false);
      toast({ title: "Dev login failed", description: errorText(failure), variant: "destructive" });
    });
  };

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id={titleId}>Log in as a user</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Opens that user&apos;s dashboard as them. &lsquo;Back to Admin&rsquo; there brings you back here.
          </DialogContentText>
          <TextField
            label="User email"
            type="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(undefined);
            }}
            error={Boolean(error)}
            helperText={error}
            required
            fullWidth
            autoFocus
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 255 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={pending}>
            Log in as user
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
