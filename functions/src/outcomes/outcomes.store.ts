import { Timestamp, type DocumentSnapshot, type Transaction } from "firebase-admin/firestore";
import type { OutcomeKind } from "@hub/contract/outcomes";
import { COLLECTIONS, db } from "../platform/db";
import { toIsoOrEpoch, str } from "../platform/timestamps";
import { countPaidIn, findProgramIn } from "../catalog/programs.store";
import { addToOutcomeMonthIn, outcomeMonthsMergeIn } from "../catalog/outcome-months.store";
import { linkFromSnapshot, linksCollection, type LinkRecord } from "../links/links.store";
import { countingProgramsIn, ProgramCountChanges, type CountingProgram } from "../links/link-counts.store";
import { paidDaysBeforeChangeIn, paidOnToStore } from "../links/paid-days.store";
import { setPaidDaysIn } from "../links/owner-links.store";
import { rateLimitIn, type RateLimitCheck } from "../platform/rate-limits.store";

/*
 * outcomes/{id}: what came of a member's referrals, one document per entry. Every write is one
 * transaction with what derives from it: the `paidOn` days of the owner's links in the program (their
 * cap), those programs' active counts, and the program's monthly roll-up (outcomeMonths), which is
 * what analytics and the public "paid this year" count read instead of every outcome.
 */

export interface OutcomeRecord {
  id: string;
  email: string;
  linkId: string;
  programId: string;
  programName: string;
  kind: OutcomeKind;
  occurredOn: string;
  amount: number | null;
  currency: string | null;
  note: string | null;
  recordedAt: string;
  year: number;
}

export type NewOutcome = Pick<OutcomeRecord, "kind" | "occurredOn" | "amount" | "currency" | "note">;

const outcomes = () => db().collection(COLLECTIONS.outcomes);

function outcomeFromSnapshot(snap: DocumentSnapshot): OutcomeRecord | null {
  const d = snap.data();
  if (!d) return null;
  return {
    id: snap.id,
    email: String(d.email),
    linkId: String(d.linkId),
    programId: String(d.programId),
    programName: String(d.programName ?? ""),
    kind: d.kind as OutcomeKind,
    occurredOn: String(d.occurredOn),
    amount: typeof d.amount === "number" ? d.amount : null,
    currency: str(d.currency),
    note: str(d.note),
    recordedAt: toIsoOrEpoch(d.recordedAt),
    year: Number(d.year),
  };
}

/** Inside a transaction, before its writes: the owner's links in a program. */
async function ownerLinksInProgram(tx: Transaction, email: string, programId: string): Promise<LinkRecord[]> {
  const snap = await tx.get(linksCollection().where("email", "==", email).where("programId", "==", programId));
  return snap.docs.map((d) => linkFromSnapshot(d)!);
}

/**
 * Writes each link's new paid days and what that does to its program's active count (a cap reached
 * or lifted), under the program the caller read in the transaction (null when it is gone). Reads
 * first: call before any write of the transaction.
 */
async function paidDaysChangeIn(
  tx: Transaction,
  email: string,
  programId: string,
  program: CountingProgram | null,
  change: (paidOn: string[]) => string[],
) {
  const links = await ownerLinksInProgram(tx, email, programId);
  const before = await Promise.all(links.map((link) => paidDaysBeforeChangeIn(tx, email, programId, link.paidOn)));
  const after = new Map(links.map((link, i) => [link.id, paidOnToStore(change(before[i]!))]));
  const programs = new Map(program ? [[program.id, program]] : []);
  return () => {
    const counts = new ProgramCountChanges();
    setPaidDaysIn(tx, links, (link) => after.get(link.id)!, programs, counts);
    counts.writeIn(tx);
  };
}

/** Why an outcome was not recorded: no such link of the owner's, a link not approved, or the member's limit (seconds to wait). */
export type OutcomeRefusal = "not-found" | "not-approved" | { retryAfterSeconds: number };

/**
 * Records an outcome on the owner's approved link, counted against `limit` (the member's outcomes in
 * the last 24 hours) in the same transaction, so only an accepted outcome counts.
 */
export async function recordOutcomeOn(
  linkId: string,
  email: string,
  outcome: NewOutcome,
  limit: RateLimitCheck,
  now: Date,
): Promise<OutcomeRecord | OutcomeRefusal> {
  const ref = outcomes().doc();
  const recorded = await db().runTransaction(async (tx): Promise<true | OutcomeRefusal> => {
    const link = linkFromSnapshot(await tx.get(linksCollection().doc(linkId)));
    if (!link || link.email !== email) return "not-found";
    if (!link.approved) return "not-approved";
    const allowance = await rateLimitIn(tx, limit, now.getTime());
    if ("retryAfterSeconds" in allowance) return allowance;
    const program = await findProgramIn(tx, link.programId);
    const writePaidDays =
      outcome.kind === "paid" ? await paidDaysChangeIn(tx, email, link.programId, program, (days) => [...days, outcome.occurredOn]) : null;
    tx.create(ref, {
      ...outcome,
      email,
      linkId,
      programId: link.programId,
      programName: program?.name ?? "",
      recordedAt: Timestamp.fromDate(now),
      year: Number(outcome.occurredOn.slice(0, 4)),
    });
    writePaidDays?.();
    allowance.count();
    addToOutcomeMonthIn(tx, { ...outcome, linkId, programId: link.programId }, 1);
    if (program && outcome.kind === "paid") countPaidIn(tx, program.id, outcome.occurredOn.slice(0, 4), 1);
    return true;
  });
  return recorded === true ? outcomeFromSnapshot(await ref.get())! : recorded;
}

/** Deletes the owner's outcome, and what it counted; false when there is none or it is someone else's. */
export async function deleteOutcomeOf(id: string, email: string): Promise<boolean> {
  const ref = outcomes().doc(id);
  return db().runTransaction(async (tx) => {
    const outcome = outcomeFromSnapshot(await tx.get(ref));
    if (!outcome || outcome.email !== email) return false;
    const program = (await countingProgramsIn(tx, [outcome.programId])).get(outcome.programId) ?? null;
    const writePaidDays =
      outcome.kind === "paid"
        ? await paidDaysChangeIn(tx, email, outcome.programId, program, (days) => withoutOne(days, outcome.occurredOn))
        : null;
    tx.delete(ref);
    writePaidDays?.();
    uncountIn(tx, outcome, new Set(program ? [program.id] : []));
    return true;
  });
}

function withoutOne(days: string[], day: string): string[] {
  const at = days.indexOf(day);
  return at < 0 ? days : [...days.slice(0, at), ...days.slice(at + 1)];
}

/** The owner's outcomes dated in a year, in no particular order. */
export async function outcomesOf(email: string, year: number): Promise<OutcomeRecord[]> {
  const snap = await outcomes().where("email", "==", email).where("year", "==", year).get();
  return snap.docs.map((d) => outcomeFromSnapshot(d)!);
}

// ——— what happens to outcomes when their owner or their program changes (in those transactions) ———

/** Inside a transaction, before its writes: every outcome of an owner. */
export async function ownerOutcomesIn(tx: Transaction, email: string): Promise<OutcomeRecord[]> {
  return (await tx.get(outcomes().where("email", "==", email))).docs.map((d) => outcomeFromSnapshot(d)!);
}

/** Inside a transaction, before its writes: which of these outcomes' programs still exist (their counts are kept on them). */
export async function outcomeProgramsIn(tx: Transaction, list: readonly OutcomeRecord[]): Promise<ReadonlySet<string>> {
  const ids = [...new Set(list.map((o) => o.programId))];
  const found = await Promise.all(ids.map((id) => findProgramIn(tx, id)));
  return new Set(found.filter((p) => p !== null).map((p) => p.id));
}

/** What one outcome counted: its roll-up, and a paid one in its program's yearly count (when the program still exists). */
function uncountIn(tx: Transaction, outcome: OutcomeRecord, programs: ReadonlySet<string>): void {
  addToOutcomeMonthIn(tx, outcome, -1);
  if (outcome.kind === "paid" && programs.has(outcome.programId)) countPaidIn(tx, outcome.programId, outcome.occurredOn.slice(0, 4), -1);
}

/** Deletes outcomes with what they counted (their owner is deleted); `programs` from outcomeProgramsIn. */
export function deleteOutcomesIn(tx: Transaction, list: OutcomeRecord[], programs: ReadonlySet<string>): void {
  for (const outcome of list) {
    tx.delete(outcomes().doc(outcome.id));
    uncountIn(tx, outcome, programs);
  }
}

/** Gives outcomes to another owner (a change of e-mail, a merge of accounts); the roll-ups count links, not owners. */
export function reassignOutcomesIn(tx: Transaction, list: OutcomeRecord[], email: string): void {
  for (const outcome of list) tx.update(outcomes().doc(outcome.id), { email });
}

/**
 * A program merged into another takes its outcomes along (caps then count them there), under the
 * target's name, and its monthly roll-ups are added into the target's (increments: no read of the
 * target's needed) and deleted. For links/program-links.store mergePrograms.
 */
export const followProgramMerge =
  (sourceId: string, targetId: string) =>
  async (tx: Transaction): Promise<() => void> => {
    const [source, target, moved, writeMonths] = await Promise.all([
      findProgramIn(tx, sourceId),
      findProgramIn(tx, targetId),
      tx.get(outcomes().where("programId", "==", sourceId)),
      outcomeMonthsMergeIn(tx, sourceId, targetId),
    ]);
    return () => {
      for (const doc of moved.docs) tx.update(doc.ref, { programId: targetId, programName: target?.name ?? "" });
      if (target) for (const [year, paid] of Object.entries(source?.paidByYear ?? {})) countPaidIn(tx, targetId, year, paid);
      writeMonths();
    };
  };
