import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The rotation's memory of a visitor, kept in their browser: a random visitor id (what the server
 * knows them by: their counted visits are kept there, see visits.store's visit marks) and, per
 * program, the link it chose for them and when they were last sent there. Signed (HMAC-SHA256 with
 * the functions' secret VISITOR_COOKIE_SECRET), so the rotation honours only its own ids and choices.
 *
 * The name must be `__session`: behind Firebase Hosting, requests rewritten to Cloud Functions or
 * Cloud Run have their cookies stripped, except the one named `__session`, which passes through to
 * the function (and, when present, becomes part of Hosting's CDN cache key). Source: Firebase
 * Hosting, "Manage cache behavior", section "Using cookies",
 * https://firebase.google.com/docs/hosting/manage-cache#using_cookies
 * The Hosting emulator passes every cookie through, so only the unit test holds the name.
 *
 * Value: `v2~<visitor id>~<entries>~<signature>`, entries `<programId>:<linkId>:<sent at, seconds,
 * base 36>` joined by `!`, oldest first; the signature is base64url HMAC-SHA256 of everything before
 * it. A `v1~<entries>~<signature>` cookie (before visitor ids) still gives its choices, with no id:
 * its visitor is new to the server. Ids are `[A-Za-z0-9_-]`, so no separator can occur inside one.
 */
export const VISITOR_COOKIE_NAME = "__session";
/** How long a browser keeps the cookie (30 days), and how long a choice is honoured after the visitor was last sent there. */
export const VISITOR_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
/** The programs remembered at most; past this the least recently visited is dropped. */
export const VISITOR_COOKIE_MAX_PROGRAMS = 20;
/** Browsers keep cookies up to about 4 KB (name and value); entries are dropped, oldest first, to stay under. */
const MAX_VALUE_LENGTH = 3_500;
const ID = /^[A-Za-z0-9_-]{1,128}$/;
/** 16 random bytes, base64url: 128 bits, so no visitor can guess another's id. */
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;
const TIME = /^[0-9a-z]{1,10}$/;

export interface RememberedChoice {
  programId: string;
  linkId: string;
  /** When this visitor was last sent to the link (ms since the epoch, whole seconds). */
  sentAtMs: number;
}

/** What the visitor's cookie holds: their id (null for none or a v1 cookie) and their choices, oldest first. */
export interface VisitorMemory {
  visitorId: string | null;
  choices: readonly RememberedChoice[];
}

const NOBODY: VisitorMemory = { visitorId: null, choices: [] };

/** A new visitor's id: 128 random bits. */
export const newVisitorId = (): string => randomBytes(16).toString("base64url");

const sign = (secret: string, payload: string) => createHmac("sha256", secret).update(payload).digest();

/**
 * The values of the `__session` cookies in a Cookie header. A browser can hold two: the v1 cookie had
 * `Path=/api/programs`, and until it expires it is sent beside the `Path=/` one, first.
 */
export function visitorCookieValues(cookieHeader: string | undefined): string[] {
  if (!cookieHeader) return [];
  const values: string[] = [];
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === VISITOR_COOKIE_NAME) values.push(part.slice(eq + 1).trim());
  }
  return values.slice(0, 4);
}

/** Whether `signature` (base64url) is ours for `payload`, in constant time. */
function signedBy(secret: string, payload: string, signature: string): boolean {
  const given = Buffer.from(signature, "base64url");
  const expected = sign(secret, payload);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The entries' choices; null when one does not parse. Choices last sent over 30 days ago (or in the future) are left out. */
function parseChoices(entries: string, nowMs: number): RememberedChoice[] | null {
  const choices: RememberedChoice[] = [];
  for (const entry of entries === "" ? [] : entries.split("!")) {
    const fields = entry.split(":");
    if (fields.length !== 3) return null;
    const [programId, linkId, time] = fields as [string, string, string];
    if (!ID.test(programId) || !ID.test(linkId) || !TIME.test(time)) return null;
    const sentAtMs = parseInt(time, 36) * 1000;
    const age = nowMs - sentAtMs;
    if (age < -60_000 || age > VISITOR_COOKIE_MAX_AGE_S * 1000) continue;
    choices.push({ programId, linkId, sentAtMs });
  }
  return choices;
}

/** What one cookie value says: a v2 visitor, a v1 cookie's choices (no id), or nothing. */
function readValue(value: string, secret: string, nowMs: number): (VisitorMemory & { version: 1 | 2 }) | null {
  if (value.length > MAX_VALUE_LENGTH + 128) return null;
  const parts = value.split("~");
  const signature = parts.pop()!;
  if (!signedBy(secret, parts.join("~"), signature)) return null;
  if (parts.length === 3 && parts[0] === "v2" && VISITOR_ID.test(parts[1]!)) {
    const choices = parseChoices(parts[2]!, nowMs);
    return choices ? { version: 2, visitorId: parts[1]!, choices } : null;
  }
  if (parts.length === 2 && parts[0] === "v1") return { version: 1, visitorId: null, choices: parseChoices(parts[1]!, nowMs) ?? [] };
  return null;
}

/**
 * What a Cookie header says about its visitor: the first valid v2 cookie; else the choices of a v1
 * one (as a new visitor's). Anything that does not parse, or whose signature is not ours, says
 * nothing. `legacy`: a v1 cookie came along, to be cleared (it would otherwise keep being sent).
 */
export function readVisitor(cookieHeader: string | undefined, secret: string, nowMs: number): VisitorMemory & { legacy: boolean } {
  if (!secret) return { ...NOBODY, legacy: false };
  const read = visitorCookieValues(cookieHeader).flatMap((value) => readValue(value, secret, nowMs) ?? []);
  const legacy = read.some((r) => r.version === 1);
  const best = read.find((r) => r.version === 2) ?? read[0];
  return best ? { visitorId: best.visitorId, choices: best.choices, legacy } : { ...NOBODY, legacy };
}

/** The Set-Cookie header value that clears a v1 cookie (it had `Path=/api/programs`). */
export const legacyCookieClearing = (): string => `${VISITOR_COOKIE_NAME}=; Max-Age=0; Path=/api/programs; HttpOnly; SameSite=Lax`;

/** The remembered choice for one program, if any. */
export const choiceFor = (choices: readonly RememberedChoice[], programId: string): RememberedChoice | null =>
  choices.find((c) => c.programId === programId) ?? null;

/** The choices with this program's replaced and moved to the newest place; the oldest dropped past 20. */
export function remember(choices: readonly RememberedChoice[], choice: RememberedChoice): readonly RememberedChoice[] {
  const kept = choices.filter((c) => c.programId !== choice.programId);
  return [...kept, { ...choice, sentAtMs: Math.floor(choice.sentAtMs / 1000) * 1000 }].slice(-VISITOR_COOKIE_MAX_PROGRAMS);
}

/** The signed cookie value of this visitor (the oldest choices dropped while it would be too long). */
export function encodeVisitor(visitor: { visitorId: string; choices: readonly RememberedChoice[] }, secret: string): string {
  let kept = visitor.choices.slice(-VISITOR_COOKIE_MAX_PROGRAMS);
  for (;;) {
    const entries = kept.map((c) => `${c.programId}:${c.linkId}:${Math.floor(c.sentAtMs / 1000).toString(36)}`).join("!");
    const payload = `v2~${visitor.visitorId}~${entries}`;
    if (payload.length <= MAX_VALUE_LENGTH || kept.length <= 1) return `${payload}~${sign(secret, payload).toString("base64url")}`;
    kept = kept.slice(1);
  }
}

/**
 * The Set-Cookie header value; `Path=/` so that every rotation address (the short `/r/{slug}` ones
 * too) shares it; `Secure` everywhere but the emulator (plain http://127.0.0.1).
 */
export function visitorCookieHeader(
  visitor: { visitorId: string; choices: readonly RememberedChoice[] },
  secret: string,
  { secure }: { secure: boolean },
): string {
  const attributes = [`Max-Age=${String(VISITOR_COOKIE_MAX_AGE_S)}`, "Path=/", "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])];
  return [`${VISITOR_COOKIE_NAME}=${encodeVisitor(visitor, secret)}`, ...attributes].join("; ");
}
