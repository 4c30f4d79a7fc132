import type { DocumentSnapshot } from "firebase-admin/firestore";
import { COLLECTIONS, db } from "../platform/db";
import { parseOutcomeMonth, type OutcomeMonth } from "./outcome-months";

/** Reads the outcome roll-ups (outcome_months; see outcome-months.ts), never the outcomes themselves. */

const FIELDS = ["programId", "month", "days"];
const rollups = () => db().collection(COLLECTIONS.outcomeMonths);
/** A roll-up's id: its program and month (the outcome writer's key). */
const rollupRef = (programId: string, month: string) => rollups().doc(`${programId}_${month}`);

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

/** Some programs' roll-ups of some months, read by id in parallel slices; those that do not exist are left out. */
export async function readProgramOutcomeMonths(programIds: readonly string[], months: readonly string[]): Promise<OutcomeMonth[]> {
  const refs = programIds.flatMap((p) => months.map((m) => rollupRef(p, m)));
  const slices: (typeof refs)[] = [];
  for (let i = 0; i < refs.length; i += 300) slices.push(refs.slice(i, i + 300));
  const read = await Promise.all(slices.map((slice) => db().getAll(...slice, { fieldMask: FIELDS })));
  return read
    .flat()
    .filter((d) => d.exists)
    .map(monthOf);
}
