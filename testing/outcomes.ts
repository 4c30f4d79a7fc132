import { utcDay } from "@hub/contract/dates";
import type { OutcomeKind } from "@hub/contract/outcomes";
import { COLLECTIONS, db, recordOutcome } from "../functions/src/toolkit";
import { LOCAL_VISITOR_COOKIE_SECRET } from "./suite-config";

export interface SeededOutcome {
  email: string;
  linkId: string;
  kind: OutcomeKind;
  occurredOn: string;
  amount?: number;
  currency?: string;
}

/**
 * Records an outcome through the service the route calls (the member's rules: an approved link of
 * theirs, the day's limit, the date bounds), with the clock at noon of the day it happened when that
 * is not today, as a member keeping their record up to date would have: a test may date one further
 * back than today's members may. Throws when the service refuses it.
 */
export async function seedOutcome(outcome: SeededOutcome): Promise<string> {
  const { email, linkId, ...body } = outcome;
  const at = outcome.occurredOn >= utcDay(new Date()) ? new Date() : new Date(`${outcome.occurredOn}T12:00:00Z`);
  const recorded = await recordOutcome({ now: () => at, keyedHashSecret: LOCAL_VISITOR_COOKIE_SECRET }, email, linkId, body);
  return recorded.id;
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
