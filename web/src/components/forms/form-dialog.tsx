import Box from "@mui/material/Box";
import Button, { type ButtonProps } from "@mui/material/Button";
import type { DialogProps } from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import { useId, type ReactNode, type SubmitEvent } from "react";
import { ResponsiveDialog } from "../responsive/index";

export interface DialogFormProps {
  title: ReactNode;
  titleId?: string;
  /** Text above the fields. */
  description?: ReactNode;
  children?: ReactNode;
  submitLabel: ReactNode;
  submitColor?: ButtonProps["color"];
  submitDisabled?: boolean;
  /** While the form's request runs, Cancel is off and submit shows its spinner (unless submitLoading says otherwise). */
  pending: boolean;
  submitLoading?: boolean;
  /** Called on submit (Enter or the button), the page's own submit already prevented. */
  onSubmit: () => void;
  onCancel: () => void;
  /** Buttons at the start of the action row, away from Cancel and submit (e.g. Delete User). */
  startActions?: ReactNode;
}

/**
 * The inside of a dialog that is a form: title, optional text, fields, Cancel and submit. In a
 * ResponsiveDialog the form is a column: only its fields scroll, Cancel and submit stay in view.
 */
export function DialogForm({
  title,
  titleId,
  description,
  children,
  submitLabel,
  submitColor,
  submitDisabled,
  pending,
  submitLoading,
  onSubmit,
  onCancel,
  startActions,
}: DialogFormProps) {
  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form noValidate onSubmit={handleSubmit}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {description ? (
          <DialogContentText component="div" sx={{ mb: 2 }}>
            {description}
          </DialogContentText>
        ) : null}
        <Stack spacing={2} sx={description ? undefined : { pt: 1 }}>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {startActions}
        {startActions ? <Box sx={{ flex: 1 }} /> : null}
        <Button onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" color={submitColor} loading={submitLoading ?? pending} disabled={submitDisabled}>
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}

interface FormDialogProps extends Omit<DialogFormProps, "titleId" | "onCancel"> {
  open?: boolean;
  maxWidth?: DialogProps["maxWidth"];
  onClose: () => void;
  /** Rendered inside the dialog after the form (a confirmation it opens). */
  after?: ReactNode;
}

/** A dialog that is one form; it cannot be dismissed while its request runs. */
export function FormDialog({ open = true, maxWidth = "sm", onClose, after, ...form }: FormDialogProps) {
  const titleId = useId();
  return (
    <ResponsiveDialog open={open} onClose={form.pending ? undefined : onClose} aria-labelledby={titleId} maxWidth={maxWidth}>
      <DialogForm {...form} titleId={titleId} onCancel={onClose} />
      {after}
    </ResponsiveDialog>
  );
}
