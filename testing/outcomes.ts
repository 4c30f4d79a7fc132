import { FieldValue, Timestamp } from "firebase-admin/firestore";
import type { OutcomeKind } from "@hub/contract/outcomes";
import { COLLECTIONS, db } from "../functions/src/toolkit";

/** The roll-up field each kind of outcome counts in (outcome_months). */
const COUNTED_AS: Record<OutcomeKind, "signedUp" | "paid" | "clawedBack"> = {
  "signed-up": "signedUp",
  paid: "paid",
  "clawed-back": "clawedBack",
};

export interface SeededOutcome {
  email: string;
  linkId: string;
  programId: string;
  programName: string;
  kind: OutcomeKind;
  occurredOn: string;
  amount?: number;
  currency?: string;
}

/**
 * Writes an outcome as the outcome writer does (the shared design of *Referral outcomes*): the
 * `outcomes` document and, in the same transaction, its count in the roll-up of its program and
 * month, `outcome_months/{programId}_{YYYY-MM}` `{ programId, month, days: { DD: { linkId: {
 * signedUp, paid, clawedBack } } } }`, kept with increments. For tests of what reads them, on a
 * branch where `POST /api/user/links/{id}/outcomes` is not built; it does not touch links' `paidOn`.
 */
export async function seedOutcome(outcome: SeededOutcome): Promise<string> {
  const ref = db().collection(COLLECTIONS.outcomes).doc();
  const month = outcome.occurredOn.slice(0, 7);
  const rollup = db().collection(COLLECTIONS.outcomeMonths).doc(`${outcome.programId}_${month}`);
  await db().runTransaction(async (tx) => {
    tx.set(ref, {
      email: outcome.email,
      linkId: outcome.linkId,
      programId: outcome.programId,
      programName: outcome.programName,
      kind: outcome.kind,
      occurredOn: outcome.occurredOn,
      amount: outcome.amount ?? null,
      currency: outcome.currency ?? null,
      note: null,
      recordedAt: Timestamp.now(),
      year: Number(outcome.occurredOn.slice(0, 4)),
    });
    tx.set(
      rollup,
      {
        programId: outcome.programId,
        month,
        days: { [outcome.occurredOn.slice(8, 10)]: { [outcome.linkId]: { [COUNTED_AS[outcome.kind]]: FieldValue.increment(1) } } },
      },
      { merge: true },
    );
    // a paid one in its program's yearly count, as the writer keeps it (the open page's paid referrals)
    if (outcome.kind === "paid") {
      const program = db().collection(COLLECTIONS.programs).doc(outcome.programId);
      tx.update(program, { [`paidByYear.${outcome.occurredOn.slice(0, 4)}`]: FieldValue.increment(1) });
    }
  });
  return ref.id;
}

/** One stored outcome, as the outcomes' own store writes it (the shared design of `outcomes/{id}`). */
export interface StoredOutcome {
  email: string;
  linkId: string;
  programId: string;
  programName: string;
  kind: "signed-up" | "paid" | "clawed-back";
  occurredOn: string;
  amount?: number | null;
  currency?: string | null;
  note?: string | null;
  recordedAt: Date;
}

/**
 * Writes an outcome document directly, for tests of what reads outcomes (the digest) without going
 * through the route that records them; the link's `paidOn` is the test's to set when it matters.
 */
export async function storeOutcome(outcome: StoredOutcome): Promise<string> {
  const ref = db().collection(COLLECTIONS.outcomes).doc();
  await ref.set({
    amount: null,
    currency: null,
    note: null,
    ...outcome,
    year: Number(outcome.occurredOn.slice(0, 4)),
  });
  return ref.id;
}
