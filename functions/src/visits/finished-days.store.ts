import { utcDay } from "@hub/contract/dates";
import type { CollectionReference } from "firebase-admin/firestore";
import { logger } from "firebase-functions";

/**
 * The nightly folds' shared loop (visit-fold.store.ts, traffic-fold.store.ts): every program and day
 * among `shards` (counter documents with `programId` and `day`) that ended before `now` minus
 * `marginMs`, folded by `foldDay` one at a time. One that fails is logged and left for the next run,
 * the rest go on, and the run then fails naming how many could not be folded.
 */
export async function foldFinishedDaysOf<R>(
  shards: CollectionReference,
  what: string,
  now: Date,
  marginMs: number,
  foldDay: (programId: string, day: string) => Promise<R>,
): Promise<R[]> {
  const lastFinishedDay = utcDay(new Date(now.getTime() - marginMs - 86_400_000));
  const snap = await shards.where("day", "<=", lastFinishedDay).select("programId", "day").get();
  const pending = new Map<string, { programId: string; day: string }>();
  for (const doc of snap.docs) {
    const programId = String(doc.get("programId"));
    const day = String(doc.get("day"));
    pending.set(`${programId}_${day}`, { programId, day });
  }
  const results: R[] = [];
  const failures: unknown[] = [];
  for (const { programId, day } of pending.values()) {
    try {
      results.push(await foldDay(programId, day));
    } catch (err) {
      failures.push(err);
      logger.error(`${what} fold failed`, { programId, day, error: err instanceof Error ? err.message : String(err) });
    }
  }
  if (failures.length > 0)
    throw new AggregateError(failures, `${String(failures.length)} of ${String(pending.size)} ${what} days could not be folded`);
  return results;
}
