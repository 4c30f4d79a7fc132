/*
 * The outcome roll-ups (outcome_months, one per program and calendar month, kept by the outcome
 * writer in each outcome's own transaction): `{ programId, month: "YYYY-MM", days: { "DD": {
 * "<linkId>": { signedUp, paid, clawedBack } } } }`. What outcome analytics and the open programs
 * page count, so their cost follows programs × months, never the number of outcomes.
 */

export interface OutcomeCounts {
  signedUp: number;
  paid: number;
  clawedBack: number;
}

export interface OutcomeMonth {
  programId: string;
  /** YYYY-MM */
  month: string;
  /** By day of the month ("DD"), then by link id. */
  days: Map<string, Map<string, OutcomeCounts>>;
}

export const noOutcomes = (): OutcomeCounts => ({ signedUp: 0, paid: 0, clawedBack: 0 });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const countOf = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/** A stored roll-up as read; fields that are not what the design says count as nothing. */
export function parseOutcomeMonth(programId: string, month: string, days: unknown): OutcomeMonth {
  const parsed: OutcomeMonth = { programId, month, days: new Map() };
  if (!isRecord(days)) return parsed;
  for (const [day, links] of Object.entries(days)) {
    if (!/^\d\d$/.test(day) || !isRecord(links)) continue;
    const byLink = new Map<string, OutcomeCounts>();
    for (const [linkId, counts] of Object.entries(links)) {
      if (!isRecord(counts)) continue;
      byLink.set(linkId, { signedUp: countOf(counts.signedUp), paid: countOf(counts.paid), clawedBack: countOf(counts.clawedBack) });
    }
    parsed.days.set(day, byLink);
  }
  return parsed;
}

/** A range of UTC days (YYYY-MM-DD), both ends included; `from` null: from the first. */
export interface OutcomeDays {
  from: string | null;
  to: string;
}

/** Each link's counts of each day of the months that falls in `range`. */
export function* outcomesWithin(
  months: Iterable<OutcomeMonth>,
  range: OutcomeDays,
): Generator<{ programId: string; day: string; linkId: string; counts: OutcomeCounts }> {
  for (const { programId, month, days } of months)
    for (const [dd, links] of days) {
      const day = `${month}-${dd}`;
      if ((range.from !== null && day < range.from) || day > range.to) continue;
      for (const [linkId, counts] of links) yield { programId, day, linkId, counts };
    }
}
