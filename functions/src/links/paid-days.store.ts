import type { Transaction } from "firebase-admin/firestore";
import { utcDay } from "@hub/contract/dates";
import { COLLECTIONS, db } from "../platform/db";
import { keptPaidDays, PAID_DAYS_KEPT } from "./link-availability";

/*
 * A link's `paidOn` is its owner's paid days in its program, from the outcomes (written by
 * outcomes/outcomes.store only). Moves and merges of links set it afresh for the program a link lands
 * in, reading the paid outcomes here, in their own transaction. What is stored is bounded
 * (keptPaidDays): the most recent days up to the day it is written, which serve any later day.
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

/** What a link stores of these paid days, written now: sorted, bounded (keptPaidDays). */
export const paidOnToStore = (days: readonly string[]): string[] => keptPaidDays(days, utcDay(new Date()));

/** What a link stores of the paid outcomes that `belongs` picks. */
export const paidOnOf = (days: PaidDay[], belongs: (day: PaidDay) => boolean): string[] =>
  paidOnToStore(days.filter(belongs).map((d) => d.occurredOn));

/**
 * Inside a transaction, before its writes: the owner's paid days in a program that a change (an
 * outcome recorded or deleted) starts from: the link's stored ones, or, when those are at their bound
 * and may have left out older days a deletion brings back, all of them.
 */
export async function paidDaysBeforeChangeIn(
  tx: Transaction,
  email: string,
  programId: string,
  stored: readonly string[],
): Promise<string[]> {
  if (stored.length < PAID_DAYS_KEPT) return [...stored];
  return (await paidDaysIn(tx, "email", [email])).filter((d) => d.programId === programId).map((d) => d.occurredOn);
}
