import type { Program } from "@hub/contract/programs";
import type { FieldErrors } from "@/lib/form-errors";

/** The edit dialog's rule fields, as typed: an empty field is no rule. */
export interface ProgramRulesValues {
  referrerCap: string;
  /** One of the contract's CAP_PERIODS (the select offers only those; the schema checks it). */
  capPeriod: string;
  offerEndsOn: string;
  termsUrl: string;
}
export type ProgramRulesField = keyof ProgramRulesValues;

/** What the dialog opens with: the program's rules, empty where it has none. */
export function programRulesValues(program: Pick<Program, "referrerCap" | "offerEndsOn" | "termsUrl">): ProgramRulesValues {
  return {
    referrerCap: program.referrerCap ? String(program.referrerCap.count) : "",
    capPeriod: program.referrerCap?.period ?? "calendar-year",
    offerEndsOn: program.offerEndsOn ?? "",
    termsUrl: program.termsUrl ?? "",
  };
}

const orNull = (input: string): string | null => (input.trim() === "" ? null : input.trim());

/**
 * The rules to send: every one, an empty field as null so that clearing it clears the rule. A count
 * that is not a number stays one that the contract's schema refuses with its own message.
 */
export function programRulesForRequest(values: ProgramRulesValues): {
  referrerCap: { count: number; period: string } | null;
  offerEndsOn: string | null;
  termsUrl: string | null;
} {
  const count = orNull(values.referrerCap);
  return {
    referrerCap: count === null ? null : { count: Number(count), period: values.capPeriod },
    offerEndsOn: orNull(values.offerEndsOn),
    termsUrl: orNull(values.termsUrl),
  };
}

/**
 * The server's refusal of a request as each field's first message (400 VALIDATION's `issues`, whose
 * path starts with the request's field: "referrerCap.count" belongs to the cap's field), or null
 * when it names none of `fields`.
 */
export function serverFieldErrors<F extends string>(error: unknown, fields: readonly F[]): FieldErrors<F> | null {
  const issues = typeof error === "object" && error !== null && "issues" in error ? error.issues : undefined;
  if (!Array.isArray(issues)) return null;
  const errors: FieldErrors<F> = {};
  for (const issue of issues as unknown[]) {
    if (typeof issue !== "object" || issue === null) continue;
    const { path, message } = issue as { path?: unknown; message?: unknown };
    if (typeof path !== "string" || typeof message !== "string") continue;
    const field = fields.find((name) => name === path.split(".")[0]);
    if (field !== undefined) errors[field] ??= message;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
