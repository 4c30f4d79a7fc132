import { Timestamp } from "firebase-admin/firestore";
import { OUTCOME_KINDS, type OutcomeKind } from "@hub/contract/outcomes";
import { COLLECTIONS, db } from "../platform/db";
import { str } from "../platform/timestamps";

export interface RecordedOutcome {
  kind: OutcomeKind;
  occurredOn: string;
  programName: string;
  amount: number | null;
  currency: string | null;
}

/**
 * The outcomes a member recorded from `from` (included) to `to` (excluded), oldest first: what the
 * digest tells of last week. One query on the member's e-mail and `recordedAt` (an index of the two).
 */
export async function outcomesRecordedBetween(email: string, from: Date, to: Date): Promise<RecordedOutcome[]> {
  const snap = await db()
    .collection(COLLECTIONS.outcomes)
    .where("email", "==", email)
    .where("recordedAt", ">=", Timestamp.fromDate(from))
    .where("recordedAt", "<", Timestamp.fromDate(to))
    .orderBy("recordedAt")
    .get();
  return snap.docs
    .map((d) => ({
      kind: d.get("kind") as OutcomeKind,
      occurredOn: String(d.get("occurredOn")),
      programName: String(d.get("programName") ?? ""),
      amount: typeof d.get("amount") === "number" ? (d.get("amount") as number) : null,
      currency: str(d.get("currency")),
    }))
    .filter((o) => OUTCOME_KINDS.includes(o.kind));
}
