import { createHash } from "node:crypto";
import { COLLECTIONS, db } from "./db";

/** SHA-256, hex: for document ids that must not carry a name, an e-mail or a token in clear. */
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export const programNameRef = (name: string) => db().collection(COLLECTIONS.programNames).doc(sha256(name.trim().toLowerCase()));
export const linkSlotRef = (programId: string, email: string) =>
  db()
    .collection(COLLECTIONS.linkSlots)
    .doc(`${programId}_${sha256(email)}`);
