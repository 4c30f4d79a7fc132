import { logger } from "firebase-functions";
import { foldFinishedDays } from "./visit-fold.store";

/**
 * The nightly roll-up of finished days' visit counters (visit-fold.store.ts): keeps what the admin
 * list, the member dashboard and the balanced rotation read down to the unfolded days, whatever the
 * history. Counts do not change by it; only where they are kept.
 */
export async function foldFinishedVisitDays(now: Date): Promise<{ days: number; visits: number; shards: number }> {
  const folded = await foldFinishedDays(now);
  const summary = {
    days: folded.length,
    visits: folded.reduce((sum, f) => sum + f.visits, 0),
    shards: folded.reduce((sum, f) => sum + f.shards, 0),
  };
  logger.info("visit counters folded", summary);
  return summary;
}
