import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { deadNoteField } from "@hub/contract/links";

interface DeadNoteDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  pending: boolean;
  onSubmit: (note: string | undefined) => void;
  onClose: () => void;
}

/** Mark Dead (one link or a selection): an optional note, at most 500 characters, that goes into the owner's e-mail. */
export function DeadNoteDialog({ title, children, confirmLabel = "Mark Dead", pending, onSubmit, onClose }: DeadNoteDialogProps) {
  const titleId = useId();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = deadNoteField.safeParse(note);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Dead note must be 500 characters or less");
      return;
    }
    onSubmit(parsed.data === "" ? undefined : parsed.data);
  };

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText component="div" sx={{ mb: 2 }}>
            {children}
          </DialogContentText>
          <TextField
            label="Note (optional)"
            value={note}
            onChange={(event) => {
              setNote(event.target.value);
              setError(null);
            }}
            multiline
            minRows={3}
            fullWidth
            autoFocus
            error={error !== null}
            helperText={error ?? `${String(note.trim().length)}/500 – included in the e-mail to the owner`}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" loading={pending}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
