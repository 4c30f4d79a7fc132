import { FieldValue } from "firebase-admin/firestore";
import { db } from "../platform/db";
import { rollupVersionRef } from "./visits.store";
import { addHourReasons, addReasons, noReasons, totalOf, type ReasonCounts } from "./traffic-counts";
import { trafficCounters, trafficDayRef, trafficMonthRef } from "./traffic-tallies.store";
import { foldFinishedDaysOf } from "./finished-days.store";
import type { ProgramExistsIn } from "./visit-fold.store";

/*
 * The nightly fold of the traffic tallies (traffic-tallies.store.ts explains them), beside the visit
 * counters' fold: each finished day's shards rolled up into traffic_days and traffic_months and
 * deleted, so the traffic report reads programs × days asked for, not one document per shard.
 */

export interface TrafficFoldResult {
  programId: string;
  day: string;
  /** Requests not counted that the shards held. */
  requests: number;
  shards: number;
}

/**
 * Rolls one program's finished day up, all or nothing: adds its shards to traffic_days (merging with
 * an earlier fold of the same day, should a late flush have made a new shard; the hours kept, for
 * `24h`) and to the month's traffic_months, then deletes the shards. A deleted program's shards are
 * deleted without a roll-up: the report lists only programs that exist.
 */
export async function foldTrafficDay(programId: string, day: string, programExists: ProgramExistsIn): Promise<TrafficFoldResult> {
  return db().runTransaction(async (tx) => {
    const shards = await tx.get(trafficCounters().where("programId", "==", programId).where("day", "==", day));
    if (shards.empty) return { programId, day, requests: 0, shards: 0 };
    const counts = noReasons();
    const hours = new Map<string, ReasonCounts>();
    for (const shard of shards.docs) {
      addReasons(counts, shard.data());
      addHourReasons(hours, shard.get("hours"));
    }
    const month = day.slice(0, 7);
    const [programFound, [dayRecord, monthRecord]] = await Promise.all([
      programExists(tx, programId),
      tx.getAll(trafficDayRef(programId, day), trafficMonthRef(programId, month)),
    ]);
    const requests = totalOf(counts);
    if (programFound && requests > 0) {
      const dayHours = addHourReasons(addHourReasons(new Map(), dayRecord!.get("hours")), Object.fromEntries(hours));
      tx.set(trafficDayRef(programId, day), {
        programId,
        day,
        ...addReasons(addReasons(noReasons(), dayRecord!.data()), counts),
        hours: Object.fromEntries(dayHours),
      });
      tx.set(trafficMonthRef(programId, month), { programId, month, ...addReasons(addReasons(noReasons(), monthRecord!.data()), counts) });
      // the program's traffic roll-ups changed: a click window summed from them no longer holds (a blind increment: no read)
      tx.set(rollupVersionRef(programId), { programId, traffic: FieldValue.increment(1) }, { merge: true });
    }
    shards.docs.forEach((shard) => tx.delete(shard.ref));
    return { programId, day, requests, shards: shards.size };
  });
}

/**
 * Folds every day that ended before `now` minus a margin (a tally waits in an instance at most 10 s,
 * and one written later anyway makes a new shard, folded next time). One transaction per program
 * and day; one that fails is logged and left for the next run, the rest go on, and the run then fails
 * naming how many could not be folded.
 */
export const foldFinishedTrafficDays = (now: Date, programExists: ProgramExistsIn, marginMs = 30 * 60_000): Promise<TrafficFoldResult[]> =>
  foldFinishedDaysOf(trafficCounters(), "traffic", now, marginMs, (programId, day) => foldTrafficDay(programId, day, programExists));
