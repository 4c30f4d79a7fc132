import { useCallback, useState } from "react";
import type { z } from "zod";
import { parseForm, type FieldErrors, type FormResult } from "@/lib/form-errors";

export type FormValues<F extends string> = Record<F, string>;

/**
 * A form of text fields F; E names messages that belong to no text field (a picker, a group).
 * Methods, not function properties, so a form with more fields can be handed to a part that edits a few.
 */
export interface FormFields<F extends string, E extends string = never> {
  values: FormValues<F>;
  errors: FieldErrors<F | E>;
  /** Sets one field and clears its message: typing is the fix the message asked for. */
  set(field: F, value: string): void;
  setValues(update: (current: FormValues<F>) => FormValues<F>): void;
  setErrors(errors: FieldErrors<F | E>): void;
  /**
   * Parses with a contract schema, so the browser says what the server would: the parsed data, or
   * undefined after showing each field's first message. `fieldOf` names the form field of a request
   * field where the two differ (newEmail → email).
   */
  parse<S extends z.ZodType>(schema: S, input: unknown, fieldOf?: Readonly<Partial<Record<string, F | E>>>): z.output<S> | undefined;
  /** The same with a check that takes more than one schema (a link and the program it creates): what it returns, or undefined. */
  parse<I, T>(check: (input: I) => FormResult<T, F | E>, input: I): T | undefined;
}

/** The state of a form of text fields: values, one message per field, and parsing with the contract. */
export function useFormFields<F extends string, E extends string = never>(
  initial: FormValues<F> | (() => FormValues<F>),
): FormFields<F, E> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F | E>>({});

  const set = useCallback((field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] === undefined ? current : { ...current, [field]: undefined }));
  }, []);

  const parse = useCallback(
    (
      schemaOrCheck: z.ZodType | ((input: unknown) => FormResult<unknown, F | E>),
      input: unknown,
      fieldOf?: Readonly<Partial<Record<string, F | E>>>,
    ) => {
      const result = typeof schemaOrCheck === "function" ? schemaOrCheck(input) : parseForm(schemaOrCheck, input, fieldOf);
      setErrors(result.ok ? {} : result.errors);
      return result.ok ? result.value : undefined;
    },
    [],
  ) as FormFields<F, E>["parse"];

  return { values, errors, set, setValues, setErrors, parse };
}
