import type { DocumentSnapshot } from "firebase-admin/firestore";
import { COLLECTIONS, db } from "../platform/db";
import { parseOutcomeMonth, type OutcomeMonth } from "./outcome-months";

/** Reads the outcome roll-ups (outcome_months; see outcome-months.ts), never the outcomes themselves. */

const FIELDS = ["programId", "month", "days"];
const rollups = () => db().collection(COLLECTIONS.outcomeMonths);

const monthOf = (doc: DocumentSnapshot): OutcomeMonth => {
  const programId = doc.get("programId");
  const month = doc.get("month");
  return parseOutcomeMonth(typeof programId === "string" ? programId : "", typeof month === "string" ? month : "", doc.get("days"));
};

/** Every program's roll-ups of the months `from` (null: from the first) to `to` (YYYY-MM), ends included. */
export async function readOutcomeMonths(range: { from: string | null; to: string }): Promise<OutcomeMonth[]> {
  const query = (range.from ? rollups().where("month", ">=", range.from) : rollups()).where("month", "<=", range.to);
  return (await query.select(...FIELDS).get()).docs.map(monthOf);
}
