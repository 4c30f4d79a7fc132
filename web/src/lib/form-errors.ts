import type { z } from "zod";

/** Field name → the first message zod gave for it (a form shows one message per field). */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** `fieldOf` maps a request field to the form field that shows its message, where they differ. */
export function toFieldErrors<K extends string>(error: z.ZodError, fieldOf?: Readonly<Partial<Record<string, K>>>): FieldErrors<K> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.length > 0 ? String(issue.path[0]) : "form";
    const field = fieldOf?.[path] ?? path;
    errors[field] ??= issue.message;
  }
  return errors as FieldErrors<K>;
}

/** A form checked: what to send, or each field's message. */
export type FormResult<T, K extends string> = { ok: true; value: T } | { ok: false; errors: FieldErrors<K> };

/** Parses a form's input with a contract schema: the request, or each field's first message. */
export function parseForm<S extends z.ZodType, K extends string = string>(
  schema: S,
  input: unknown,
  fieldOf?: Readonly<Partial<Record<string, K>>>,
): FormResult<z.output<S>, K> {
  const parsed = schema.safeParse(input);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: toFieldErrors<K>(parsed.error, fieldOf) };
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}

/**
 * The server's own per-field messages (a 400's `issues`, paths like "currency") for a form's fields;
 * undefined when the error carries none for them, so the caller shows it another way.
 */
export function issueFieldErrors<K extends string>(error: unknown, fields: readonly K[]): FieldErrors<K> | undefined {
  const issues = typeof error === "object" && error !== null && "issues" in error ? error.issues : undefined;
  if (!Array.isArray(issues)) return undefined;
  const errors: FieldErrors<K> = {};
  for (const issue of issues as unknown[]) {
    if (typeof issue !== "object" || issue === null || !("path" in issue) || !("message" in issue)) continue;
    const { path, message } = issue;
    if (typeof path !== "string" || typeof message !== "string") continue;
    const field = path.split(".").find((part): part is K => (fields as readonly string[]).includes(part));
    if (field) errors[field] ??= message;
  }
  return hasErrors(errors) ? errors : undefined;
}
