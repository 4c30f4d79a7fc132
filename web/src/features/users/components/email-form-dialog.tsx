import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { useId, useState, type ReactNode, type SubmitEvent } from "react";

interface EmailFormDialogProps {
  title: string;
  description: ReactNode;
  fieldLabel: string;
  submitLabel: string;
  pending: boolean;
  /** Returns an error to show under the field, or nothing when the e-mail was taken on. */
  onSubmit: (email: string) => string | undefined;
  onClose: () => void;
}

/** A dialog asking for one e-mail address (Create User, Dev User): the field, its error, Cancel and submit. */
export function EmailFormDialog({ title, description, fieldLabel, submitLabel, pending, onSubmit, onClose }: EmailFormDialogProps) {
  const titleId = useId();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(onSubmit(email));
  };

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{description}</DialogContentText>
          <TextField
            label={fieldLabel}
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
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
