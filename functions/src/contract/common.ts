import { z } from "./zod";

export const LIMITS = {
  name: 100,
  email: 255,
  displayName: 255,
  paymentId: 255,
  subscriptionStatus: 50,
  ip: 45,
  deadNote: 500,
  description: 2000,
  notes: 5000,
  announcement: 2000,
  url: 2048,
  password: { min: 8, max: 128 },
} as const;

/**
 * An e-mail address, trimmed and lower-cased before it is stored or compared.
 * The message differs by screen (the specification fixes each one), so it is a parameter.
 */
export const emailField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: message }).max(LIMITS.email, { error: message }));

/**
 * An e-mail address trimmed but with its case kept, for the one place that needs it: looking the
 * member up at Stripe, which compares e-mails case-sensitively. Lower-case it before storing.
 */
export const emailAsTypedField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .pipe(z.email({ error: message }).max(LIMITS.email, { error: message }));

/** Absolute http(s) URL only: anything else (javascript:, data:, relative) is 'Invalid URL'. */
export const httpUrlField = () =>
  z
    .string({ error: "Invalid URL" })
    .trim()
    .max(LIMITS.url, { error: "Invalid URL" })
    .refine(isHttpUrl, { error: "Invalid URL" });

export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
}

export const isoDateTime = z.string();

/** A Firestore document id as this API hands them out (Firestore reserves __x__): anything else names nothing. */
export const DOCUMENT_ID_PATTERN = /^(?!__.*__$)[A-Za-z0-9_-]{1,128}$/;
export const documentIdField = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).regex(DOCUMENT_ID_PATTERN, { error: message });
