import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The rotation's memory of a visitor: per program, the link it chose for them and when their last
 * counted visit to that program was. Kept in the visitor's browser, signed (HMAC-SHA256 with the
 * functions' secret VISITOR_COOKIE_SECRET), so the rotation honours only its own choices.
 *
 * The name must be `__session`: behind Firebase Hosting, requests rewritten to Cloud Functions or
 * Cloud Run have their cookies stripped, except the one named `__session`, which passes through to
 * the function (and, when present, becomes part of Hosting's CDN cache key). Source: Firebase
 * Hosting, "Manage cache behavior", section "Using cookies",
 * https://firebase.google.com/docs/hosting/manage-cache#using_cookies
 * The Hosting emulator passes every cookie through, so only the unit test holds the name.
 *
 * Value: `v1~<entries>~<signature>`, entries `<programId>:<linkId>:<countedAt, seconds, base 36>`
 * joined by `!`, oldest first; the signature is base64url HMAC-SHA256 of `v1~<entries>`. Document
 * ids are `[A-Za-z0-9_-]`, so none of the separators can occur inside one.
 */
export const VISITOR_COOKIE_NAME = "__session";
/** How long a browser keeps the cookie (30 days), and how long an entry is honoured after its last counted visit. */
export const VISITOR_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
/** The programs remembered at most; past this the least recently visited is dropped. */
export const VISITOR_COOKIE_MAX_PROGRAMS = 20;
/** A repeat visit within this time of the last counted one is sent on but not counted again. */
export const REPEAT_VISIT_WINDOW_MS = 60 * 60 * 1000;
/** Browsers keep cookies up to about 4 KB (name and value); entries are dropped, oldest first, to stay under. */
const MAX_VALUE_LENGTH = 3_500;
const VERSION = "v1";
const ID = /^[A-Za-z0-9_-]{1,128}$/;
const TIME = /^[0-9a-z]{1,10}$/;

export interface RememberedChoice {
  programId: string;
  linkId: string;
  /** When this visitor's last counted visit to the program was (ms since the epoch, whole seconds). */
  countedAtMs: number;
}

/** What the visitor's cookie holds, oldest first; empty for a missing, malformed, tampered or foreign cookie. */
export type VisitorChoices = readonly RememberedChoice[];

const sign = (secret: string, payload: string) => createHmac("sha256", secret).update(payload).digest();

/** The value of the first `__session` cookie in a Cookie header, if any. */
export function visitorCookieValue(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === VISITOR_COOKIE_NAME) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * The choices a Cookie header carries. Anything that does not parse, or whose signature is not ours,
 * gives none; entries whose last counted visit is over 30 days old (or in the future) are left out.
 */
export function readVisitorChoices(cookieHeader: string | undefined, secret: string, nowMs: number): VisitorChoices {
  const value = visitorCookieValue(cookieHeader);
  if (!value || !secret || value.length > MAX_VALUE_LENGTH + 64) return [];
  const parts = value.split("~");
  if (parts.length !== 3 || parts[0] !== VERSION) return [];
  const [, entries, signature] = parts as [string, string, string];
  const given = Buffer.from(signature, "base64url");
  const expected = sign(secret, `${VERSION}~${entries}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return [];
  const choices: RememberedChoice[] = [];
  for (const entry of entries === "" ? [] : entries.split("!")) {
    const fields = entry.split(":");
    if (fields.length !== 3) return [];
    const [programId, linkId, time] = fields as [string, string, string];
    if (!ID.test(programId) || !ID.test(linkId) || !TIME.test(time)) return [];
    const countedAtMs = parseInt(time, 36) * 1000;
    const age = nowMs - countedAtMs;
    if (age < -60_000 || age > VISITOR_COOKIE_MAX_AGE_S * 1000) continue;
    choices.push({ programId, linkId, countedAtMs });
  }
  return choices;
}

/** The remembered choice for one program, if any. */
export const choiceFor = (choices: VisitorChoices, programId: string): RememberedChoice | null =>
  choices.find((c) => c.programId === programId) ?? null;

/** The choices with this program's replaced and moved to the newest place; the oldest dropped past 20. */
export function remember(choices: VisitorChoices, choice: RememberedChoice): VisitorChoices {
  const kept = choices.filter((c) => c.programId !== choice.programId);
  return [...kept, { ...choice, countedAtMs: Math.floor(choice.countedAtMs / 1000) * 1000 }].slice(-VISITOR_COOKIE_MAX_PROGRAMS);
}

/** The signed cookie value of these choices (the oldest dropped while it would be too long). */
export function encodeVisitorChoices(choices: VisitorChoices, secret: string): string {
  let kept = choices.slice(-VISITOR_COOKIE_MAX_PROGRAMS);
  for (;;) {
    const entries = kept.map((c) => `${c.programId}:${c.linkId}:${Math.floor(c.countedAtMs / 1000).toString(36)}`).join("!");
    const payload = `${VERSION}~${entries}`;
    if (payload.length <= MAX_VALUE_LENGTH || kept.length <= 1) return `${payload}~${sign(secret, payload).toString("base64url")}`;
    kept = kept.slice(1);
  }
}

/** The Set-Cookie header value; `secure` everywhere but the emulator (plain http://127.0.0.1). */
export function visitorCookieHeader(choices: VisitorChoices, secret: string, { secure }: { secure: boolean }): string {
  const attributes = [
    `Max-Age=${String(VISITOR_COOKIE_MAX_AGE_S)}`,
    "Path=/api/programs",
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ];
  return [`${VISITOR_COOKIE_NAME}=${encodeVisitorChoices(choices, secret)}`, ...attributes].join("; ");
}

/** Whether a visit to a remembered link counts: only when the last counted one is more than an hour old. */
export const repeatCounts = (choice: RememberedChoice, nowMs: number): boolean => nowMs - choice.countedAtMs > REPEAT_VISIT_WINDOW_MS;
