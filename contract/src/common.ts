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
  setupToken: 512,
} as const;

/** The one message for text that is not well-formed UTF-16 (a lone surrogate, such as "\ud800"). */
export const INVALID_TEXT_MESSAGE = "Text contains invalid characters";

const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * True when the text is well-formed UTF-16: no lone surrogate, which Firestore (and UTF-8) cannot
 * store. String.prototype.isWellFormed where the runtime has it (Node 22, browsers since 2023), the
 * same test by regular expression elsewhere.
 */
export function isWellFormedText(value: string): boolean {
  const native = (value as { isWellFormed?: () => boolean }).isWellFormed;
  return typeof native === "function" ? native.call(value) : !LONE_SURROGATE.test(value);
}

/**
 * Every string the API reads starts here (bodies, queries, configuration): ill-formed text is refused
 * first, with INVALID_TEXT_MESSAGE, and no later check of the field runs on it. `message` is the
 * field's own message for a value that is not a string at all.
 * contract.test.ts walks every request schema and proves each string field refuses a lone surrogate.
 */
export const textField = (message?: string) =>
  z.string(message === undefined ? undefined : { error: message }).refine(isWellFormedText, { error: INVALID_TEXT_MESSAGE, abort: true });

/**
 * An e-mail address, trimmed and lower-cased before it is stored or compared.
 * The message differs by screen (each screen words its own), so it is a parameter.
 */
export const emailField = (message: string) =>
  textField(message)
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: message }).max(LIMITS.email, { error: message }));

/**
 * An e-mail address trimmed but with its case kept, for the one place that needs it: looking the
 * member up at Stripe, which compares e-mails case-sensitively. Lower-case it before storing.
 */
export const emailAsTypedField = (message: string) =>
  textField(message)
    .trim()
    .pipe(z.email({ error: message }).max(LIMITS.email, { error: message }));

/** Absolute http(s) URL only: anything else (javascript:, data:, relative) is 'Invalid URL'. */
export const httpUrlField = () =>
  textField("Invalid URL").trim().max(LIMITS.url, { error: "Invalid URL" }).refine(isHttpUrl, { error: "Invalid URL" });

export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
}

export const isoDateTime = z.string();

/** A Firestore document id as this API hands them out (Firestore reserves __x__): anything else names nothing. */
export const DOCUMENT_ID_PATTERN = /^(?!__.*__$)[A-Za-z0-9_-]{1,128}$/;
export const documentIdField = (message: string) =>
  textField(message).trim().min(1, { error: message }).regex(DOCUMENT_ID_PATTERN, { error: message });
