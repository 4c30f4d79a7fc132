import { updateProgramRequestSchema, type Program } from "@hub/contract/programs";
import { FormDialog, FormTextField, useFormFields } from "@/components/forms/index";
import { useToast } from "@/components/toasts/index";
import { useUpdateProgram } from "../api/update-program";
import { errorText } from "@/lib/error-text";
import { fallbackUrlForRequest } from "../utils/program-list";

/** Edit a program's name, description and fallback address (empty clears it). */
export function EditProgramDialog({ program, onClose }: { program: Program; onClose: () => void }) {
  const { toast } = useToast();
  const updateProgram = useUpdateProgram();
  const form = useFormFields({ name: program.name, description: program.description ?? "", fallbackUrl: program.fallbackUrl ?? "" });

  const handleSubmit = () => {
    const { values } = form;
    const parsed = form.parse(updateProgramRequestSchema, { ...values, fallbackUrl: fallbackUrlForRequest(values.fallbackUrl) });
    if (!parsed) return;
    updateProgram.mutate(
      { id: program.id, ...parsed },
      {
        onSuccess: () => {
          toast({ title: "Program updated", description: `${parsed.name ?? program.name} has been saved` });
          onClose();
        },
        onError: (error) => toast({ title: "Failed to update program", description: errorText(error), variant: "destructive" }),
      },
    );
  };

  return (
    <FormDialog title="Edit program" submitLabel="Save" pending={updateProgram.isPending} onSubmit={handleSubmit} onClose={onClose}>
      <FormTextField form={form} field="name" label="Name" required autoFocus maxLength={100} />
      <FormTextField form={form} field="description" label="Description" multiline minRows={3} />
      <FormTextField
        form={form}
        field="fallbackUrl"
        label="Fallback URL"
        type="url"
        hint="Optional. Visitors go here when the program has no active link; leave empty to clear."
      />
    </FormDialog>
  );
}
