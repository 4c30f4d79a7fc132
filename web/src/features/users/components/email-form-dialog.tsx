import type { ReactNode } from "react";
import type { z } from "zod";
import { FormDialog, FormTextField, useFormFields } from "@/components/forms/index";

interface EmailFormDialogProps {
  title: string;
  description: ReactNode;
  fieldLabel: string;
  submitLabel: string;
  /** The request's schema: its message shows under the field. */
  schema: z.ZodType<{ email: string }>;
  pending: boolean;
  /** Called with the e-mail as the schema parsed it. */
  onSubmit: (email: string) => void;
  /** An empty field does this instead of showing the schema's message (Create User's toast). */
  onEmpty?: () => void;
  onClose: () => void;
}

/** A dialog asking for one e-mail address (Create User, Dev User): the field, its error, Cancel and submit. */
export function EmailFormDialog({
  title,
  description,
  fieldLabel,
  submitLabel,
  schema,
  pending,
  onSubmit,
  onEmpty,
  onClose,
}: EmailFormDialogProps) {
  const form = useFormFields({ email: "" });

  const handleSubmit = () => {
    if (onEmpty && form.values.email.trim() === "") {
      form.setErrors({});
      onEmpty();
      return;
    }
    const parsed = form.parse(schema, form.values);
    if (parsed) onSubmit(parsed.email);
  };

  return (
    <FormDialog
      title={title}
      description={description}
      submitLabel={submitLabel}
      maxWidth="xs"
      pending={pending}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <FormTextField form={form} field="email" label={fieldLabel} type="email" required autoFocus autoComplete="off" maxLength={255} />
    </FormDialog>
  );
}
