import { timingSafeEqual } from "node:crypto";
import { keyedHash } from "../platform/keyed-hash";

/*
 * The digest's unsubscribe link (docs/architecture.md, *The weekly digest*): `<uid>.<signature>`, the signature a
 * keyed hash of the member's id for this purpose alone (platform/keyed-hash.ts, from the functions'
 * one secret), so the link works signed out, names no e-mail, and cannot be made for another member.
 * It does not expire: an old digest's link must still work (RFC 8058 one-click).
 */

const PURPOSE = "unsubscribe:digest";
/** A Firebase Auth uid as the hub stores users: letters, digits, `_` and `-`, no dot. */
const UID = /^[A-Za-z0-9_-]{1,128}$/;

export const unsubscribeToken = (secret: string, uid: string): string => `${uid}.${keyedHash(secret, PURPOSE, uid)}`;

/** The member a token names, or null when it is not one this hub signed. */
export function uidOfUnsubscribeToken(secret: string, token: string): string | null {
  const dot = token.lastIndexOf(".");
  const uid = token.slice(0, dot);
  if (dot < 0 || !UID.test(uid) || !secret) return null;
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(keyedHash(secret, PURPOSE, uid));
  return given.length === expected.length && timingSafeEqual(given, expected) ? uid : null;
}
