import { utcDay } from "@hub/contract/dates";
import type { OutcomeKind } from "@hub/contract/outcomes";
import { recordOutcome } from "../functions/src/toolkit";
import { LOCAL_VISITOR_COOKIE_SECRET } from "./suite-config";

export interface SeededOutcome {
  email: string;
  linkId: string;
  kind: OutcomeKind;
  occurredOn: string;
  amount?: number;
  currency?: string;
  /** When the member recorded it (what the digest reads): by default as below. */
  recordedAt?: Date;
}

/**
 * Records an outcome through the service the route calls (the member's rules: an approved link of
 * theirs, the day's limit, the date bounds), with the clock at noon of the day it happened when that
 * is not today, as a member keeping their record up to date would have: a test may date one further
 * back than today's members may, or at `recordedAt`. Throws when the service refuses it.
 */
export async function seedOutcome(outcome: SeededOutcome): Promise<string> {
  const { email, linkId, recordedAt, ...body } = outcome;
  const at = recordedAt ?? (outcome.occurredOn >= utcDay(new Date()) ? new Date() : new Date(`${outcome.occurredOn}T12:00:00Z`));
  const recorded = await recordOutcome({ now: () => at, keyedHashSecret: LOCAL_VISITOR_COOKIE_SECRET }, email, linkId, body);
  return recorded.id;
}
