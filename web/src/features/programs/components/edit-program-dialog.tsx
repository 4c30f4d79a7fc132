import { updateProgramRequestSchema, type Program } from "@hub/contract/programs";
import { FormDialog, FormTextField, useFormFields } from "@/components/forms/index";
import { failureToast } from "@/components/toasts/index";
import { useUpdateProgram } from "../api/update-program";
import { fallbackUrlForRequest } from "../utils/program-list";
import { programRulesForRequest, programRulesValues, serverFieldErrors, type ProgramRulesField } from "../utils/program-rules-form";
import { ProgramRulesFields } from "./program-rules-fields";

type EditProgramField = "name" | "description" | "fallbackUrl" | ProgramRulesField;
const FIELDS: readonly EditProgramField[] = ["name", "description", "fallbackUrl", "referrerCap", "capPeriod", "offerEndsOn", "termsUrl"];

/** Edit a program's name, description, fallback address and rules (an empty field clears it). */
export function EditProgramDialog({ program, onClose }: { program: Program; onClose: () => void }) {
  const form = useFormFields<EditProgramField>({
    name: program.name,
    description: program.description ?? "",
    fallbackUrl: program.fallbackUrl ?? "",
    ...programRulesValues(program),
  });
  const updateProgram = useUpdateProgram({
    success: (_saved, { name }) => ({ title: "Program updated", description: `${name ?? program.name} has been saved` }),
    // The server's refusal of a field is shown under that field, as the browser's own check is.
    error: (error) => {
      const fieldErrors = serverFieldErrors(error, FIELDS);
      if (!fieldErrors) return failureToast("Failed to update program", error);
      form.setErrors(fieldErrors);
      return null;
    },
  });

  const handleSubmit = () => {
    const { values } = form;
    const parsed = form.parse(updateProgramRequestSchema, {
      name: values.name,
      description: values.description,
      fallbackUrl: fallbackUrlForRequest(values.fallbackUrl),
      ...programRulesForRequest(values),
    });
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
      <ProgramRulesFields form={form} disabled={updateProgram.isPending} />
    </FormDialog>
  );
}
