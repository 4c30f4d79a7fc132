import { updateProgramRequestSchema, type Program } from "@hub/contract/programs";
import { FormDialog, FormTextField, useFormFields } from "@/components/forms/index";
import { useUpdateProgram } from "../api/update-program";
import { fallbackUrlForRequest } from "../utils/program-list";

/** Edit a program's name, description and fallback address (empty clears it). */
export function EditProgramDialog({ program, onClose }: { program: Program; onClose: () => void }) {
  const updateProgram = useUpdateProgram({
    success: (_saved, { name }) => ({ title: "Program updated", description: `${name ?? program.name} has been saved` }),
    error: "Failed to update program",
  });
  const form = useFormFields({ name: program.name, description: program.description ?? "", fallbackUrl: program.fallbackUrl ?? "" });

  const handleSubmit = () => {
    const { values } = form;
    const parsed = form.parse(updateProgramRequestSchema, { ...values, fallbackUrl: fallbackUrlForRequest(values.fallbackUrl) });
    if (!parsed) return;
    updateProgram.mutate({ id: program.id, ...parsed }, { onSuccess: onClose });
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
