import { createHash } from "node:crypto";
import { COLLECTIONS, db } from "./db";

const hash = (value: string) => createHash("sha256").update(value).digest("hex");

export const programNameRef = (name: string) => db().collection(COLLECTIONS.programNames).doc(hash(name.trim().toLowerCase()));
export const linkSlotRef = (programId: string, email: string) => db().collection(COLLECTIONS.linkSlots).doc(`${programId}_${hash(email)}`);
