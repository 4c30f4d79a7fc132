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

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}
