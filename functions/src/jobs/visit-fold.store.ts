import { FieldValue, Timestamp, type DocumentReference, type DocumentSnapshot } from "firebase-admin/firestore";
import { logger } from "firebase-functions";
import { COLLECTIONS, db } from "../platform/db";
import { addLinkCounts, counters, dayRecordRef, monthRecordRef, utcDay } from "../rotation/visits.store";
import { schedulePurgeIn, startPurge } from "./click-purges.store";

/*
 * The nightly fold of the rotation's visit counters (rotation/visits.store.ts explains them): each
 * finished day's shards rolled up into click_days, click_months and the links' visitCount.
 */

export interface FoldResult {
  programId: string;
  day: string;
  visits: number;
  shards: number;
  /** Links counted that day that no longer exist: visits recorded while the rotation had not yet seen the deletion. */
  deletedLinkIds: string[];
  /** The purge of those links' late click records, recorded with the fold (click-purges.store.ts); null when none. */
  purgeId: string | null;
}

/**
 * Rolls one program's finished day up, all or nothing: adds its shards into click_days and the month's
 * click_months (merging with an earlier fold of the same day, should a late write have made a new
 * shard; the month record is the sum of its day records by construction) and into each existing
 * link's `visitCount`, then deletes the shards. A deleted link's visits stay in the day's history only;
 * of a deleted program, only the visits of links that still exist (moved by a merge) are kept.
 */
export async function foldDay(programId: string, day: string): Promise<FoldResult> {
  return db().runTransaction(async (tx) => {
    const shards = await tx.get(counters().where("programId", "==", programId).where("day", "==", day));
    if (shards.empty) return { programId, day, visits: 0, shards: 0, deletedLinkIds: [], purgeId: null };
    const perLink = new Map<string, number>();
    const lastClicked = new Map<string, Timestamp>();
    for (const shard of shards.docs) {
      addLinkCounts(perLink, shard);
      keepLatest(lastClicked, lastClicksOf(shard));
    }
    const linkIds = [...perLink.keys()];
    const linkRefs: DocumentReference[] = linkIds.map((id) => db().collection(COLLECTIONS.links).doc(id));
    const month = day.slice(0, 7);
    const [program, record, monthRecord, ...links] = await tx.getAll(
      db().collection(COLLECTIONS.programs).doc(programId),
      dayRecordRef(programId, day),
      monthRecordRef(programId, month),
      ...linkRefs,
    );
    const deletedLinkIds = linkIds.filter((_, i) => !links[i]!.exists);
    // A program merged away leaves counters whose links live on elsewhere: their visits are folded all
    // the same (analytics files them under each link's program now). A deleted program's links are gone.
    if (!program!.exists) {
      for (const id of deletedLinkIds) {
        perLink.delete(id);
        lastClicked.delete(id);
      }
    }
    const visits = [...perLink.values()].reduce((a, b) => a + b, 0);
    if (visits > 0) {
      tx.set(dayRecordRef(programId, day), { programId, day, ...addedTo(record!, perLink, lastClicked) });
      tx.set(monthRecordRef(programId, month), { programId, month, ...addedTo(monthRecord!, perLink, lastClicked) });
    }
    links.forEach((link, i) => {
      if (link!.exists) tx.update(link!.ref, { visitCount: FieldValue.increment(perLink.get(linkIds[i]!)!) });
    });
    shards.docs.forEach((shard) => tx.delete(shard.ref));
    // with the fold, so that folding their counters away can never lose track of these clicks
    const purgeId = schedulePurgeIn(tx, deletedLinkIds, "fold");
    return { programId, day, visits, shards: shards.size, deletedLinkIds, purgeId };
  });
}

const lastClicksOf = (doc: DocumentSnapshot) => Object.entries((doc.get("lastClickedAt") ?? {}) as Record<string, unknown>);

/** Puts each link's last-click time from `times` into `latest`, keeping the later of the two. */
function keepLatest(latest: Map<string, Timestamp>, times: Iterable<[string, unknown]>): void {
  for (const [linkId, at] of times) {
    const known = latest.get(linkId);
    if (at instanceof Timestamp && (!known || at.toMillis() > known.toMillis())) latest.set(linkId, at);
  }
}

/** A roll-up (day or month) with more visits added: totals summed, the later last click kept. */
function addedTo(rollup: DocumentSnapshot, perLink: Map<string, number>, lastClicked: Map<string, Timestamp>) {
  const links = { ...((rollup.get("links") ?? {}) as Record<string, number>) };
  let visits = 0;
  for (const [id, n] of perLink) {
    links[id] = (links[id] ?? 0) + n;
    visits += n;
  }
  const lastClickedAt = new Map<string, Timestamp>();
  keepLatest(lastClickedAt, lastClicksOf(rollup));
  keepLatest(lastClickedAt, lastClicked);
  return { total: Number(rollup.get("total") ?? 0) + visits, links, lastClickedAt: Object.fromEntries(lastClickedAt) };
}

/**
 * Folds every day that ended before `now` minus a margin (a visit is stamped when it arrives and
 * written within the function's timeout, so by then no write for that day is still on its way; one
 * that comes later anyway makes a new shard, folded next time). Days of different programs are
 * folded one transaction each; one that fails is logged and left for the next run, the rest go on.
 * Clicks of links deleted before their visits were written are purged from here (the rotation may send
 * visitors to a deleted link for the couple of seconds its instances take to see the deletion), in
 * the background like every purge (click-purges.store.ts).
 */
export async function foldFinishedDays(now: Date, marginMs = 30 * 60_000): Promise<FoldResult[]> {
  const lastFinishedDay = utcDay(new Date(now.getTime() - marginMs - 86_400_000));
  const snap = await counters().where("day", "<=", lastFinishedDay).select("programId", "day").get();
  const pending = new Map<string, { programId: string; day: string }>();
  for (const doc of snap.docs) {
    const programId = String(doc.get("programId"));
    const day = String(doc.get("day"));
    pending.set(`${programId}_${day}`, { programId, day });
  }
  const results: FoldResult[] = [];
  const failures: unknown[] = [];
  for (const { programId, day } of pending.values()) {
    try {
      const folded = await foldDay(programId, day);
      await startPurge(folded.purgeId);
      results.push(folded);
    } catch (err) {
      failures.push(err);
      logger.error("visit fold failed", { programId, day, error: err instanceof Error ? err.message : String(err) });
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, `${String(failures.length)} of ${String(pending.size)} days could not be folded`);
  return results;
}
