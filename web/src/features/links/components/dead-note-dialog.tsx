import type { ReactNode } from "react";
import { deadNoteField } from "@hub/contract/links";
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
    const parsed = deadNoteField.safeParse(form.values.note);
    if (!parsed.success) {
      form.setErrors({ note: parsed.error.issues[0]?.message ?? "Dead note must be 500 characters or less" });
      return;
    }
    onSubmit(parsed.data === "" ? undefined : parsed.data);
  };

  return (
    <FormDialog title={title} description={children} submitLabel={confirmLabel} submitColor="error" pending={pending} onSubmit={handleSubmit} onClose={onClose}>
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
