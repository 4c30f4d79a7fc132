import { COLLECTIONS, db } from "../platform/db";
import { sha256 } from "../platform/keys";

/**
 * link_slots/{programId}_{sha256(email)}: one per (program, owner e-mail), written in the transaction
 * that creates, moves or deletes the link, so "one link per member per program" holds.
 */
export const linkSlotRef = (programId: string, email: string) =>
  db()
    .collection(COLLECTIONS.linkSlots)
    .doc(`${programId}_${sha256(email)}`);
