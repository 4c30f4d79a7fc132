import { FieldValue } from "firebase-admin/firestore";
import { COLLECTIONS, db } from "../platform/db";
import { nonZero, type ReasonCounts } from "./traffic-counts";

/**
 * Requests to a rotation address that were answered but not counted (docs/architecture.md, *Honest counts*),
 * as the rotation's instances tally them (traffic-tallies.ts) and the nightly fold rolls them up:
 *
 * - traffic_counters/{shard}_{programId}_{YYYY-MM-DD}: { programId, day, bot, repeatVisitor,
 *   repeatAddress, unavailable, hours: { [HH]: { bot, … } } }, incremented (only the reasons that
 *   happened are written). Each instance writes one shard, chosen at random among TRAFFIC_SHARDS, at
 *   most once per flush (10 s): far below a document's sustained write rate whatever the traffic.
 * - traffic_days/{programId}_{YYYY-MM-DD}: a finished day's shards summed, its hours kept (for `24h`).
 * - traffic_months/{programId}_{YYYY-MM}: the sum of the month's days.
 *
 * As with the visit counters, every shard that exists is one not yet folded, so a reader adds the
 * roll-ups of the days it asks for to the shards of those days, read at one point in time.
 */

/** One program's tallies of one UTC day, as an instance gathered them. */
export interface TrafficTally {
  programId: string;
  day: string;
  counts: ReasonCounts;
  /** The same counts by UTC hour of that day ("00".."23"). */
  hours: Map<string, ReasonCounts>;
}

/** How many shards an instance chooses its own from. */
export const TRAFFIC_SHARDS = 16;

export const trafficCounters = () => db().collection(COLLECTIONS.trafficCounters);
export const trafficDays = () => db().collection(COLLECTIONS.trafficDays);
export const trafficMonths = () => db().collection(COLLECTIONS.trafficMonths);
export const trafficCounterRef = (shard: number, programId: string, day: string) =>
  trafficCounters().doc(`${String(shard)}_${programId}_${day}`);
export const trafficDayRef = (programId: string, day: string) => trafficDays().doc(`${programId}_${day}`);
export const trafficMonthRef = (programId: string, month: string) => trafficMonths().doc(`${programId}_${month}`);

const increments = (counts: ReasonCounts) =>
  Object.fromEntries(Object.entries(nonZero(counts)).map(([reason, n]) => [reason, FieldValue.increment(n)]));

/** Firestore's limit of writes in one batch. */
const BATCH_WRITES = 500;

/**
 * Adds tallies to the instance's shard, as increments (set with merge: the shard is made on its first
 * write), in batches of at most 500 documents. One flush holds a document per program and day.
 */
export async function addTrafficTallies(shard: number, tallies: readonly TrafficTally[]): Promise<void> {
  for (let i = 0; i < tallies.length; i += BATCH_WRITES) {
    const batch = db().batch();
    for (const tally of tallies.slice(i, i + BATCH_WRITES)) {
      batch.set(
        trafficCounterRef(shard, tally.programId, tally.day),
        {
          programId: tally.programId,
          day: tally.day,
          ...increments(tally.counts),
          hours: Object.fromEntries([...tally.hours].map(([hour, counts]) => [hour, increments(counts)])),
        },
        { merge: true },
      );
    }
    await batch.commit();
  }
}
