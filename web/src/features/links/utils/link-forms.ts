import {
  createLinkRequestSchema,
  createMemberLinkRequestSchema,
  updateLinkRequestSchema,
  type CreateLinkRequest,
  type CreateMemberLinkRequest,
  type ReferralLink,
  type UpdateLinkRequest,
} from "@hub/contract/links";
import { createProgramRequestSchema, type CreateProgramRequest } from "@hub/contract/programs";
import { hasErrors, parseForm, type FieldErrors, type FormResult } from "@/lib/form-errors";

// The checks of the link forms that take more than one schema, for the form kit's form.parse. They
// parse with the contract's schemas, so the browser and the server say the same thing.

// ---- dashboard: 'Submit New Link' dialog (POST /api/user/links) ----

export interface OwnLinkFormValues {
  programId: string | null;
  link: string;
  description: string;
}
export type OwnLinkField = keyof OwnLinkFormValues;

export function validateOwnLinkForm(values: OwnLinkFormValues): FormResult<CreateMemberLinkRequest, OwnLinkField> {
  return parseForm<typeof createMemberLinkRequestSchema, OwnLinkField>(createMemberLinkRequestSchema, {
    ...values,
    programId: values.programId ?? "",
  });
}

// ---- dashboard: Edit dialog (PATCH /api/user/links/{id}) ----

export interface EditLinkFormValues {
  link: string;
  description: string;
}
export type EditLinkField = keyof EditLinkFormValues;

/**
 * The changes to send, or null when there is nothing to save. Only changed fields are sent: a new URL
 * puts a link back into review, so an unchanged one must not be sent. A dead link always sends its
 * URL: saving it is the re-save that puts it back into review.
 */
export function validateEditLinkForm(
  original: Pick<ReferralLink, "link" | "description" | "isDead">,
  values: EditLinkFormValues,
): FormResult<UpdateLinkRequest | null, EditLinkField> {
  const parsed = parseForm<typeof updateLinkRequestSchema, EditLinkField>(updateLinkRequestSchema, values);
  if (!parsed.ok) return parsed;
  const { link, description } = parsed.value;
  const changes: UpdateLinkRequest = {};
  if (link !== undefined && (original.isDead || link !== original.link)) changes.link = link;
  if (description !== undefined && description !== original.description) changes.description = description;
  return { ok: true, value: Object.keys(changes).length > 0 ? changes : null };
}

// ---- /submit (POST /api/programs when new, then POST /api/links) ----

export const PROGRAM_DETAILS_REQUIRED = "Program details are required when creating a new program";

export type ProgramChoice = { kind: "existing"; programId: string } | { kind: "create" } | null;

export interface SubmitLinkFormValues {
  name: string;
  email: string;
  link: string;
  description: string;
  program: ProgramChoice;
  newProgram: { name: string; description: string; fallbackUrl: string };
}

export type SubmitLinkField =
  | "name"
  | "email"
  | "link"
  | "description"
  | "programId"
  | "newProgram"
  | "newProgramName"
  | "newProgramDescription"
  | "newProgramFallbackUrl";

export interface SubmitLinkPlan {
  /** The link without its program when the program is still to be created. */
  link: Omit<CreateLinkRequest, "programId">;
  program: { kind: "existing"; programId: string } | { kind: "create"; request: CreateProgramRequest };
}

// Stands in for the id of a program that is created just before the link.
const PROGRAM_TO_BE_CREATED = "new-program";

export function validateSubmitLinkForm(values: SubmitLinkFormValues): FormResult<SubmitLinkPlan, SubmitLinkField> {
  const programId = values.program?.kind === "existing" ? values.program.programId : values.program ? PROGRAM_TO_BE_CREATED : "";
  const linkParsed = parseForm<typeof createLinkRequestSchema, SubmitLinkField>(createLinkRequestSchema, {
    programId,
    name: values.name,
    email: values.email,
    link: values.link,
    description: values.description,
  });
  const errors: FieldErrors<SubmitLinkField> = linkParsed.ok ? {} : { ...linkParsed.errors };

  let programRequest: CreateProgramRequest | null = null;
  if (values.program?.kind === "create") {
    const result = validateNewProgram(values.newProgram);
    if (result.ok) programRequest = result.value;
    else Object.assign(errors, result.errors);
  }

  if (!linkParsed.ok || hasErrors(errors)) return { ok: false, errors };
  const { programId: _programId, ...link } = linkParsed.value;
  const program: SubmitLinkPlan["program"] = programRequest
    ? { kind: "create", request: programRequest }
    : { kind: "existing", programId: linkParsed.value.programId };
  return { ok: true, value: { link, program } };
}

type NewProgramField = "newProgram" | "newProgramName" | "newProgramDescription" | "newProgramFallbackUrl";

export function validateNewProgram(values: SubmitLinkFormValues["newProgram"]): FormResult<CreateProgramRequest, NewProgramField> {
  const name = values.name.trim();
  const description = values.description.trim();
  const fallbackUrl = values.fallbackUrl.trim();
  if (!name && !description && !fallbackUrl) return { ok: false, errors: { newProgram: PROGRAM_DETAILS_REQUIRED } };

  // Empty optional fields are left out rather than sent as "".
  const parsed = parseForm<typeof createProgramRequestSchema, keyof CreateProgramRequest>(createProgramRequestSchema, {
    name,
    ...(description ? { description } : {}),
    ...(fallbackUrl ? { fallbackUrl } : {}),
  });
  if (parsed.ok) return parsed;
  const issues = parsed.errors;
  const errors: FieldErrors<NewProgramField> = {};
  if (issues.name) errors.newProgramName = issues.name;
  if (issues.description) errors.newProgramDescription = issues.description;
  if (issues.fallbackUrl) errors.newProgramFallbackUrl = issues.fallbackUrl;
  return { ok: false, errors };
}
