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
import { hasErrors, toFieldErrors, type FieldErrors } from "@/lib/form-errors";

// The forms validate with the contract's schemas, so the browser and the server say the same thing.

export type FormResult<T, K extends string> = { ok: true; value: T } | { ok: false; errors: FieldErrors<K> };

// ---- dashboard: 'Submit New Link' dialog (POST /api/user/links) ----

export interface MemberLinkFormValues {
  programId: string | null;
  link: string;
  description: string;
}
export type MemberLinkField = keyof MemberLinkFormValues;

export function validateMemberLinkForm(values: MemberLinkFormValues): FormResult<CreateMemberLinkRequest, MemberLinkField> {
  const parsed = createMemberLinkRequestSchema.safeParse({ ...values, programId: values.programId ?? "" });
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: toFieldErrors(parsed.error) };
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
  const parsed = updateLinkRequestSchema.safeParse(values);
  if (!parsed.success) return { ok: false, errors: toFieldErrors(parsed.error) };
  const { link, description } = parsed.data;
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
  const linkParsed = createLinkRequestSchema.safeParse({
    programId,
    name: values.name,
    email: values.email,
    link: values.link,
    description: values.description,
  });
  const errors: FieldErrors<SubmitLinkField> = linkParsed.success ? {} : toFieldErrors(linkParsed.error);

  let programRequest: CreateProgramRequest | null = null;
  if (values.program?.kind === "create") {
    const result = validateNewProgram(values.newProgram);
    if (result.ok) programRequest = result.value;
    else Object.assign(errors, result.errors);
  }

  if (!linkParsed.success || hasErrors(errors)) return { ok: false, errors };
  const { programId: _programId, ...link } = linkParsed.data;
  const program: SubmitLinkPlan["program"] = programRequest
    ? { kind: "create", request: programRequest }
    : { kind: "existing", programId: linkParsed.data.programId };
  return { ok: true, value: { link, program } };
}

type NewProgramField = "newProgram" | "newProgramName" | "newProgramDescription" | "newProgramFallbackUrl";

export function validateNewProgram(values: SubmitLinkFormValues["newProgram"]): FormResult<CreateProgramRequest, NewProgramField> {
  const name = values.name.trim();
  const description = values.description.trim();
  const fallbackUrl = values.fallbackUrl.trim();
  if (!name && !description && !fallbackUrl) return { ok: false, errors: { newProgram: PROGRAM_DETAILS_REQUIRED } };

  // Empty optional fields are left out rather than sent as "".
  const parsed = createProgramRequestSchema.safeParse({
    name,
    ...(description ? { description } : {}),
    ...(fallbackUrl ? { fallbackUrl } : {}),
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = toFieldErrors<keyof CreateProgramRequest>(parsed.error);
  const errors: FieldErrors<NewProgramField> = {};
  if (issues.name) errors.newProgramName = issues.name;
  if (issues.description) errors.newProgramDescription = issues.description;
  if (issues.fallbackUrl) errors.newProgramFallbackUrl = issues.fallbackUrl;
  return { ok: false, errors };
}
