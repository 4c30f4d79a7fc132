import { COLLECTIONS, db } from "../functions/src/toolkit";

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
