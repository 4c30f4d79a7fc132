import type { Transaction } from "firebase-admin/firestore";
import { COLLECTIONS, db } from "../platform/db";

/*
 * A link's `paidOn` is its owner's paid days in its program, from the outcomes (written by
 * outcomes/outcomes.store only). Moves and merges of links set it afresh for the program a link lands
 * in, reading the paid outcomes here, in their own transaction.
 */

export interface PaidDay {
  email: string;
  programId: string;
  occurredOn: string;
}

/** Inside a transaction, before its writes: the paid outcomes whose owner (or program) is one of `values` (at most 30). */
export async function paidDaysIn(tx: Transaction, by: "email" | "programId", values: string[]): Promise<PaidDay[]> {
  if (values.length === 0) return [];
  const snap = await tx.get(db().collection(COLLECTIONS.outcomes).where(by, "in", values).where("kind", "==", "paid"));
  return snap.docs.map((d) => ({
    email: String(d.get("email")),
    programId: String(d.get("programId")),
    occurredOn: String(d.get("occurredOn")),
  }));
}

/** The sorted days of the paid outcomes that `belongs` picks. */
export const paidOnOf = (days: PaidDay[], belongs: (day: PaidDay) => boolean): string[] =>
  days
    .filter(belongs)
    .map((d) => d.occurredOn)
    .sort();
