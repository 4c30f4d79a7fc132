import type { ReactNode } from "react";
import { markDeadRequestSchema } from "@hub/contract/links";
import { FormDialog, FormTextField, useFormFields } from "@/components/forms/index";

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
  const form = useFormFields({ note: "" });

  const handleSubmit = () => {
    const parsed = form.parse(markDeadRequestSchema, form.values);
    if (parsed) onSubmit(parsed.note === "" ? undefined : parsed.note);
  };

  return (
    <FormDialog
      title={title}
      description={children}
      submitLabel={confirmLabel}
      submitColor="error"
      pending={pending}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <FormTextField
        form={form}
        field="note"
        label="Note (optional)"
        multiline
        minRows={3}
        autoFocus
        hint={`${String(form.values.note.trim().length)}/500 – included in the e-mail to the owner`}
      />
    </FormDialog>
  );
}
