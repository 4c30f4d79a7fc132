import { NOT_COUNTED_REASONS, type NotCountedReason } from "@hub/contract/analytics";

/**
 * Requests answered but not counted, by reason (docs/architecture.md, *Honest counts*): what the rotation tallies,
 * the shards and roll-ups hold (traffic-tallies.store.ts) and the traffic report adds up.
 */
export type ReasonCounts = Record<NotCountedReason, number>;

export const noReasons = (): ReasonCounts => ({ bot: 0, repeatVisitor: 0, repeatAddress: 0, unavailable: 0 });

/** Adds the reasons' counts of a stored map (a document or one of its hours) to `into`; anything else in it is ignored. */
export function addReasons(into: ReasonCounts, stored: unknown, sign = 1): ReasonCounts {
  if (typeof stored !== "object" || stored === null) return into;
  for (const reason of NOT_COUNTED_REASONS) {
    const n = (stored as Record<string, unknown>)[reason];
    if (typeof n === "number" && Number.isFinite(n)) into[reason] += sign * n;
  }
  return into;
}

/** The reasons' counts of a stored `hours` map, by hour ("00".."23"), added to `into`. */
export function addHourReasons(into: Map<string, ReasonCounts>, stored: unknown): Map<string, ReasonCounts> {
  if (typeof stored !== "object" || stored === null) return into;
  for (const [hour, counts] of Object.entries(stored as Record<string, unknown>)) {
    if (!/^\d\d$/.test(hour)) continue;
    let sum = into.get(hour);
    if (!sum) into.set(hour, (sum = noReasons()));
    addReasons(sum, counts);
  }
  return into;
}

export const totalOf = (counts: ReasonCounts): number => NOT_COUNTED_REASONS.reduce((sum, reason) => sum + counts[reason], 0);

/** Only the reasons that happened: what a write needs to carry. */
export const nonZero = (counts: ReasonCounts): Partial<ReasonCounts> =>
  Object.fromEntries(NOT_COUNTED_REASONS.filter((reason) => counts[reason] !== 0).map((reason) => [reason, counts[reason]]));

/** The UTC day (YYYY-MM-DD) and hour of the day ("00".."23") a request falls in. */
export const utcHourOf = (at: Date): string => at.toISOString().slice(11, 13);
