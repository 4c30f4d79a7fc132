import { updateProgramRequestSchema, type Program } from "@hub/contract/programs";
import { FormDialog, FormTextField, useFormFields } from "@/components/forms/index";
import { failureToast } from "@/components/toasts/index";
import { useUpdateProgram } from "../api/update-program";
import { fallbackUrlForRequest } from "../utils/program-list";
import { programRulesForRequest, programRulesValues, serverFieldErrors, type ProgramRulesField } from "../utils/program-rules-form";
import { slugForRequest, slugInputError, slugTakenMessage } from "../utils/short-address";
import { ProgramRulesFields } from "./program-rules-fields";
import { SlugField } from "./slug-field";

type EditProgramField = "name" | "slug" | "description" | "fallbackUrl" | ProgramRulesField;
const FIELDS: readonly EditProgramField[] = [
  "name",
  "slug",
  "description",
  "fallbackUrl",
  "referrerCap",
  "capPeriod",
  "offerEndsOn",
  "termsUrl",
];

/** Edit a program's name, short address, description, fallback address and rules (an empty field clears it). */
export function EditProgramDialog({ program, onClose }: { program: Program; onClose: () => void }) {
  const form = useFormFields<EditProgramField>({
    name: program.name,
    slug: program.slug ?? "",
    description: program.description ?? "",
    fallbackUrl: program.fallbackUrl ?? "",
    ...programRulesValues(program),
  });
  const updateProgram = useUpdateProgram({
    success: (_saved, { name }) => ({ title: "Program updated", description: `${name ?? program.name} has been saved` }),
    // The server's refusal of a field is shown under that field, as the browser's own check is.
    error: (error) => {
      const taken = slugTakenMessage(error);
      const fieldErrors = taken ? { slug: taken } : serverFieldErrors(error, FIELDS);
      if (!fieldErrors) return failureToast("Failed to update program", error);
      form.setErrors(fieldErrors);
      return null;
    },
  });
  // a short address that breaks the rule is flagged as it is typed, and cannot be saved
  const slugBlocked = slugInputError(form.values.slug, program.slug) !== undefined;

  const handleSubmit = () => {
    const { values } = form;
    if (slugBlocked) return;
    const parsed = form.parse(updateProgramRequestSchema, {
      name: values.name,
      slug: slugForRequest(values.slug, program.slug),
      description: values.description,
      fallbackUrl: fallbackUrlForRequest(values.fallbackUrl),
      ...programRulesForRequest(values),
    });
    if (!parsed) return;
    updateProgram.mutate({ id: program.id, ...parsed }, { onSuccess: onClose });
  };

  return (
    <FormDialog
      title="Edit program"
      submitLabel="Save"
      submitDisabled={slugBlocked}
      pending={updateProgram.isPending}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <FormTextField form={form} field="name" label="Name" required autoFocus maxLength={100} />
      <SlugField form={form} saved={program.slug} approved={program.approved} disabled={updateProgram.isPending} />
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
