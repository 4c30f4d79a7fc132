import { FieldValue, type DocumentSnapshot, type Transaction } from "firebase-admin/firestore";
import type { OutcomeKind } from "@hub/contract/outcomes";
import { COLLECTIONS, db } from "../platform/db";
import { parseOutcomeMonth, type OutcomeMonth } from "./outcome-months";

/*
 * The outcome roll-ups (outcome_months; their layout in outcome-months.ts), written and read here
 * only: the outcome writer (outcomes/outcomes.store) adds to them in each outcome's transaction, and
 * analytics and the open page read them, never the outcomes themselves.
 */

const FIELDS = ["programId", "month", "days"];
const rollups = () => db().collection(COLLECTIONS.outcomeMonths);

const monthOf = (doc: DocumentSnapshot): OutcomeMonth => {
  const programId = doc.get("programId");
  const month = doc.get("month");
  return parseOutcomeMonth(typeof programId === "string" ? programId : "", typeof month === "string" ? month : "", doc.get("days"));
};

/**
 * Every program's roll-ups of the months `from` (null: from the first) to `to` (YYYY-MM), ends
 * included; with `programId`, that program's only (a dozen a year: all of them are read, by the
 * program's single-field index, and the months kept here, so no composite index is needed).
 */
export async function readOutcomeMonths(range: { from: string | null; to: string }, programId?: string): Promise<OutcomeMonth[]> {
  if (programId !== undefined) {
    const docs = (
      await rollups()
        .where("programId", "==", programId)
        .select(...FIELDS)
        .get()
    ).docs.map(monthOf);
    return docs.filter((m) => (range.from === null || m.month >= range.from) && m.month <= range.to);
  }
  const query = (range.from ? rollups().where("month", ">=", range.from) : rollups()).where("month", "<=", range.to);
  return (await query.select(...FIELDS).get()).docs.map(monthOf);
}

/** The roll-up's field for a kind. */
const ROLL_UP_FIELD: Record<OutcomeKind, string> = { "signed-up": "signedUp", paid: "paid", "clawed-back": "clawedBack" };

/** Adds `by` to the roll-up of the outcome's program, month and day, under its link (merged: no read needed). */
export function addToOutcomeMonthIn(
  tx: Transaction,
  o: { programId: string; linkId: string; kind: OutcomeKind; occurredOn: string },
  by: number,
): void {
  const month = o.occurredOn.slice(0, 7);
  tx.set(
    rollups().doc(`${o.programId}_${month}`),
    {
      programId: o.programId,
      month,
      days: { [o.occurredOn.slice(8, 10)]: { [o.linkId]: { [ROLL_UP_FIELD[o.kind]]: FieldValue.increment(by) } } },
    },
    { merge: true },
  );
}

/**
 * Stores whole roll-ups at once (the months' every count), outside transactions: for the benches
 * (toolkit), a history no outcome writer has to replay one outcome at a time.
 */
export async function importOutcomeMonths(months: readonly OutcomeMonth[]): Promise<void> {
  const writer = db().bulkWriter();
  for (const { programId, month, days } of months) {
    const stored = Object.fromEntries([...days].map(([day, links]) => [day, Object.fromEntries(links)]));
    void writer.set(rollups().doc(`${programId}_${month}`), { programId, month, days: stored });
  }
  await writer.close();
}

/**
 * Inside a transaction, before its writes: a program merged into another adds its monthly roll-ups
 * into the target's (increments: no read of the target's needed) and deletes them. Returns the writes.
 */
export async function outcomeMonthsMergeIn(tx: Transaction, sourceId: string, targetId: string): Promise<() => void> {
  const months = await tx.get(rollups().where("programId", "==", sourceId));
  return () => {
    for (const doc of months.docs) {
      const month = String(doc.get("month"));
      const days = (doc.get("days") ?? {}) as Record<string, Record<string, Record<string, number>>>;
      const added = Object.fromEntries(
        Object.entries(days).map(([day, links]) => [
          day,
          Object.fromEntries(
            Object.entries(links).map(([linkId, counts]) => [
              linkId,
              Object.fromEntries(Object.entries(counts).map(([field, n]) => [field, FieldValue.increment(n)])),
            ]),
          ),
        ]),
      );
      tx.set(rollups().doc(`${targetId}_${month}`), { programId: targetId, month, days: added }, { merge: true });
      tx.delete(doc.ref);
    }
  };
}
