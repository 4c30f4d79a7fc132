import { createHash } from "node:crypto";
import type { CollectionReference, DocumentReference } from "firebase-admin/firestore";
import { db } from "../functions/src/toolkit";

/**
 * "No full address is stored" (docs/architecture.md, *Honest counts*), checked on the whole store: every document
 * of every collection and subcollection of the emulator's Firestore, its id and every string in it
 * (nested maps and arrays included, and map keys), searched for the whole client addresses a test
 * used, and for their plain SHA-256 (a plain hash of an address is the address: there are only 2³²
 * IPv4 addresses to hash). A truncated address (`203.0.113.0/24`) is not a whole one.
 */

/** One place where a whole address (or its plain hash) was found. */
export interface StoredAddress {
  /** The document's path, e.g. `email_tokens/abc`. */
  path: string;
  /** Where in the document: `(id)`, or the field's path (`a.b[2]`, a map key as `a.{key}`). */
  field: string;
  /** The address that was found. */
  address: string;
  /** What held it. */
  value: string;
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

// an address inside a longer string counts only as a whole token: 203.0.113.7 is in "ip 203.0.113.7,"
// but not in 203.0.113.70, and not in the truncated 203.0.113.0/24 when the address is 203.0.113.0
const ADDRESS_CHAR = "[0-9A-Za-z.:]";
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function matchers(addresses: readonly string[]): { address: string; pattern: RegExp }[] {
  return addresses.flatMap((address) => [
    { address, pattern: new RegExp(`(?<!${ADDRESS_CHAR})${escape(address)}(?!${ADDRESS_CHAR}|/)`, "i") },
    { address, pattern: new RegExp(sha256(address), "i") },
  ]);
}

/** Each document below this collection, subcollections included (and those below documents that do not exist themselves). */
async function forEachDocumentBelow(
  collection: CollectionReference,
  visit: (ref: DocumentReference, data: Record<string, unknown> | undefined) => void,
): Promise<void> {
  const [snapshot, refs] = await Promise.all([collection.get(), collection.listDocuments()]);
  const data = new Map(snapshot.docs.map((doc) => [doc.id, doc.data()]));
  for (const ref of refs) visit(ref, data.get(ref.id));
  for (let i = 0; i < refs.length; i += 50) {
    const below = await Promise.all(refs.slice(i, i + 50).map((ref) => ref.listCollections()));
    for (const sub of below.flat()) await forEachDocumentBelow(sub, visit);
  }
}

function* stringsIn(value: unknown, field: string): Generator<{ field: string; value: string }> {
  if (typeof value === "string") yield { field, value };
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* stringsIn(item, `${field}[${String(i)}]`);
  else if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      const path = field ? `${field}.${key}` : key;
      yield { field: `${field ? `${field}.` : ""}{${key}}`, value: key };
      yield* stringsIn(item, path);
    }
  }
}

/**
 * Every place in the store that holds one of these whole addresses, or its plain SHA-256 (hex, any
 * case). Pass the addresses as the test sent them (canonical forms: `2001:db8:1:2::7`).
 */
export async function findStoredAddresses(addresses: readonly string[]): Promise<StoredAddress[]> {
  const wanted = matchers(addresses);
  const found: StoredAddress[] = [];
  const check = (path: string, field: string, value: string) => {
    for (const { address, pattern } of wanted) if (pattern.test(value)) found.push({ path, field, address, value });
  };
  for (const collection of await db().listCollections()) {
    await forEachDocumentBelow(collection, (ref, data) => {
      check(ref.path, "(id)", ref.id);
      if (data) for (const { field, value } of stringsIn(data, "")) check(ref.path, field, value);
    });
  }
  return found;
}

/** Throws, naming each place, when the store holds one of these whole addresses or its plain hash. */
export async function expectNoStoredAddress(addresses: readonly string[]): Promise<void> {
  const found = await findStoredAddresses(addresses);
  if (found.length > 0) {
    const lines = found.map((f) => `  ${f.path} ${f.field}: ${f.value} (${f.address})`);
    throw new Error(`whole client addresses are stored:\n${lines.join("\n")}`);
  }
}
