import type { ReactNode } from "react";
import { FormDialog, FormTextField, useFormFields } from "@/components/forms/index";

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
  const form = useFormFields({ email: "" });
  return (
    <FormDialog
      title={title}
      description={description}
      submitLabel={submitLabel}
      maxWidth="xs"
      pending={pending}
      onSubmit={() => form.setErrors({ email: onSubmit(form.values.email) })}
      onClose={onClose}
    >
      <FormTextField form={form} field="email" label={fieldLabel} type="email" required autoFocus autoComplete="off" maxLength={255} />
    </FormDialog>
  );
}
