import { createHmac } from "node:crypto";

/**
 * Keyed hashes (HMAC-SHA256) of personal values, such as a client address, for document ids and
 * keys that must never carry the value itself. A plain hash of an address is no protection: there are
 * only 2³² IPv4 addresses, and anyone with the store can hash them all. Each purpose has its own key,
 * derived from one secret of the functions, so a hash made for one purpose matches nothing made for
 * another; a purpose that names a UTC day gets a key that changes every day, so its hashes are no
 * lasting pseudonym.
 */
const derivedKeys = new Map<string, Buffer>();

function keyFor(secret: string, purpose: string): Buffer {
  const id = `${purpose}\u0000${secret}`;
  let key = derivedKeys.get(id);
  if (!key) {
    key = createHmac("sha256", secret).update(`referral-hub:${purpose}`).digest();
    if (derivedKeys.size > 64) derivedKeys.clear(); // a few purposes, one new daily key a day: never grows
    derivedKeys.set(id, key);
  }
  return key;
}

/** The keyed hash of `value` for `purpose`, base64url (43 characters: safe in a document id). */
export const keyedHash = (secret: string, purpose: string, value: string): string =>
  createHmac("sha256", keyFor(secret, purpose)).update(value).digest("base64url");

/** A purpose whose key changes every UTC day: `purpose` on the day of `at`. */
export const dailyPurpose = (purpose: string, at: Date): string => `${purpose}@${at.toISOString().slice(0, 10)}`;
