import { logger } from "firebase-functions";
import { foldFinishedTrafficDays } from "./traffic-fold.store";
import { foldFinishedDays, type FoldSides } from "./visit-fold.store";

/**
 * The nightly roll-up of finished days' visit counters (visit-fold.store.ts): keeps what the admin
 * list, the member dashboard and the balanced rotation read down to the unfolded days, whatever the
 * history. Counts do not change by it; only where they are kept. The traffic tallies (requests not
 * counted, traffic-fold.store.ts) are rolled up beside them, on their own: a failure of one fold
 * leaves the other's work done, and the run still fails so that it is seen. `sides`: the links' side
 * (links/link-visits.store linkVisitsIn) and the catalog's (catalog/programs.store programExistsIn).
 */
export async function foldFinishedVisitDays(
  now: Date,
  sides: FoldSides,
): Promise<{ days: number; visits: number; shards: number; traffic: { days: number; requests: number; shards: number } }> {
  const [visitFold, trafficFold] = await Promise.allSettled([
    foldFinishedDays(now, sides),
    foldFinishedTrafficDays(now, sides.programExists),
  ]);
  if (visitFold.status === "rejected") throw visitFold.reason;
  if (trafficFold.status === "rejected") throw trafficFold.reason;
  const folded = visitFold.value;
  const traffic = trafficFold.value;
  const summary = {
    days: folded.length,
    visits: folded.reduce((sum, f) => sum + f.visits, 0),
    shards: folded.reduce((sum, f) => sum + f.shards, 0),
    traffic: {
      days: traffic.length,
      requests: traffic.reduce((sum, f) => sum + f.requests, 0),
      shards: traffic.reduce((sum, f) => sum + f.shards, 0),
    },
  };
  logger.info("visit counters folded", summary);
  return summary;
}
