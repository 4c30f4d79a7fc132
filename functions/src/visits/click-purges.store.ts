import { FieldPath, FieldValue, Timestamp, type DocumentSnapshot, type Transaction } from "firebase-admin/firestore";
import { logger } from "firebase-functions";
import { COLLECTIONS, db, taskQueue } from "../platform/db";

/**
 * The click records of deleted links, deleted in the background, page by page.
 *
 * A link can have millions of click records: far more than one request, one transaction or one
 * function's memory should carry. So the transaction that deletes a link, a program or a user writes,
 * with the deletion, one click_purges/{id} document: { linkIds, chunk, after, deleted, createdAt,
 * updatedAt }. Then (after the commit) a task on the `purgeClicks` queue is enqueued, which deletes the
 * clicks of those links in pages of PAGE_SIZE (a query with limit and no fields, one batch per page
 * that also moves the cursor `chunk`/`after`, so a page is deleted and recorded together), for about
 * SLICE_BUDGET_MS, then enqueues the next slice and returns. When every link is clean the document is
 * deleted: a purge document that exists is work not yet done.
 *
 * What survives what:
 * - the enqueue after the commit fails: the deletion still answers 204; the purge document stays, and
 *   the sweep (`resumeStalledPurges`, scheduled) enqueues every purge that has made no progress for a
 *   while;
 * - a slice fails (Firestore unavailable, instance lost, the next enqueue fails): the queue retries it;
 *   it starts again from the stored cursor (a page's deletes and its cursor are one batch). Once the
 *   queue gives up, the sweep starts it again;
 * - a task runs twice (a retry next to a sweep): both delete the same records, which is harmless; the
 *   first to finish deletes the document, and the other's next batch (an update of that document)
 *   fails as a whole with NOT_FOUND, so it stops there, done.
 * Memory stays that of one page of references whatever the number of clicks.
 */

/** The queue function's name (index.ts exports it under this name). */
export const CLICK_PURGE_QUEUE = "purgeClicks";
/** Click records deleted per batch: with the cursor's update, 500 writes, a batch's documented limit. */
export const PAGE_SIZE = 499;
/** Values per `in` filter (Firestore's limit for `in`). */
const LINKS_PER_QUERY = 30;
/** A slice stops starting pages after this long and hands over to the next task. */
export const SLICE_BUDGET_MS = 30_000;
/** A purge whose document has not moved for this long is taken to have lost its task. */
export const STALLED_AFTER_MS = 10 * 60_000;
/** The deadline the queue gives each slice (its budget plus its last page, with room to spare). */
const DISPATCH_DEADLINE_SECONDS = 120;

export type PurgeReason = "link" | "program" | "user" | "fold";

export interface PurgeTask extends Record<string, unknown> {
  purgeId: string;
}

const purges = () => db().collection(COLLECTIONS.clickPurges);
const clicks = () => db().collection(COLLECTIONS.clicks);

const newPurge = (linkIds: string[], reason: PurgeReason) => ({
  linkIds,
  reason,
  chunk: 0,
  after: null,
  deleted: 0,
  createdAt: FieldValue.serverTimestamp(),
  updatedAt: FieldValue.serverTimestamp(),
});

/**
 * Inside the transaction that deletes these links: records that their clicks are to be purged.
 * Returns the purge's id for `startPurge` once the transaction committed (null: no links, no purge).
 */
export function schedulePurgeIn(tx: Transaction, linkIds: string[], reason: PurgeReason): string | null {
  if (linkIds.length === 0) return null;
  const ref = purges().doc();
  tx.create(ref, newPurge(linkIds, reason));
  return ref.id;
}

/**
 * Enqueues the purge's first slice. A failure is logged, not thrown: the deletion has committed and
 * the purge document keeps the work, which the sweep starts again.
 */
export async function startPurge(purgeId: string | null): Promise<void> {
  if (!purgeId) return;
  try {
    await enqueueSlice(purgeId);
  } catch (err) {
    logger.error("click purge not enqueued; the sweep will start it", { purgeId, error: err instanceof Error ? err.message : String(err) });
  }
}

const enqueueSlice = (purgeId: string) =>
  taskQueue<PurgeTask>(CLICK_PURGE_QUEUE).enqueue({ purgeId }, { dispatchDeadlineSeconds: DISPATCH_DEADLINE_SECONDS });

export interface SliceReport {
  purgeId: string;
  /** True when the purge is finished (or was already). */
  done: boolean;
  pages: number;
  deleted: number;
  ms: number;
  /** The worker's RSS and V8 heap when the slice began, and the highest seen after each page, in bytes. */
  startRss: number;
  startHeapUsed: number;
  peakRss: number;
  peakHeapUsed: number;
}

function cursorOf(snap: DocumentSnapshot) {
  const linkIds = (snap.get("linkIds") ?? []) as unknown[];
  const after = snap.get("after") as unknown;
  return {
    linkIds: linkIds.filter((id): id is string => typeof id === "string"),
    chunk: Number(snap.get("chunk") ?? 0),
    after: typeof after === "string" ? after : null,
  };
}

/**
 * One slice of a purge: pages of at most PAGE_SIZE click records, each deleted in one batch with the
 * cursor's update, until the purge is done or `budgetMs` has passed (at least one page). Never holds
 * more than one page.
 * The cursor is the link chunk and the last deleted record's id (pages follow document ids, so a page
 * never scans the records deleted before it). Clicks written after a link's deletion (a rotation
 * instance that had not yet seen it) may fall behind the cursor; the nightly fold, which sees their
 * counters, purges them.
 */
export async function runPurgeSlice(purgeId: string, budgetMs = SLICE_BUDGET_MS): Promise<SliceReport> {
  const started = Date.now();
  const ref = purges().doc(purgeId);
  const { rss: startRss, heapUsed: startHeapUsed } = process.memoryUsage();
  const report: SliceReport = {
    purgeId,
    done: false,
    pages: 0,
    deleted: 0,
    ms: 0,
    startRss,
    startHeapUsed,
    peakRss: startRss,
    peakHeapUsed: startHeapUsed,
  };
  const sample = () => {
    const { rss, heapUsed } = process.memoryUsage();
    report.peakRss = Math.max(report.peakRss, rss);
    report.peakHeapUsed = Math.max(report.peakHeapUsed, heapUsed);
  };
  const snap = await ref.get();
  if (!snap.exists) return { ...report, done: true, ms: Date.now() - started };
  let { chunk, after } = cursorOf(snap);
  const { linkIds } = cursorOf(snap);
  // at least one page per slice, however small the budget: every slice moves the purge on
  do {
    const ids = linkIds.slice(chunk * LINKS_PER_QUERY, (chunk + 1) * LINKS_PER_QUERY);
    if (ids.length === 0) {
      await ref.delete();
      report.done = true;
      break;
    }
    let query = (ids.length === 1 ? clicks().where("referralLinkId", "==", ids[0]) : clicks().where("referralLinkId", "in", ids))
      .orderBy(FieldPath.documentId())
      .select()
      .limit(PAGE_SIZE);
    if (after) query = query.startAfter(after);
    const page = await query.get();
    const full = page.size === PAGE_SIZE;
    const next = full ? { chunk, after: page.docs[page.size - 1]!.id } : { chunk: chunk + 1, after: null };
    const batch = db().batch();
    page.docs.forEach((doc) => batch.delete(doc.ref));
    // update, not set: a purge finished meanwhile (by a duplicate task) is not brought back
    batch.update(ref, { ...next, deleted: FieldValue.increment(page.size), updatedAt: FieldValue.serverTimestamp() });
    try {
      await batch.commit();
    } catch (err) {
      // NOT_FOUND: the purge document went while this page was read: a twin of this task finished it
      if ((err as { code?: number }).code !== 5) throw err;
      report.done = true;
      break;
    }
    ({ chunk, after } = next);
    report.pages++;
    report.deleted += page.size;
    sample();
  } while (Date.now() - started < budgetMs);
  return { ...report, ms: Date.now() - started };
}

/**
 * The queue function's work: one slice, then the next slice enqueued. Throws (so the queue retries
 * it, from the stored cursor) when the slice or that enqueue fails.
 */
export async function runPurgeTask(data: unknown, budgetMs = SLICE_BUDGET_MS): Promise<SliceReport | null> {
  const purgeId = (data as Partial<PurgeTask> | null)?.purgeId;
  if (typeof purgeId !== "string" || purgeId === "" || purgeId.includes("/")) {
    logger.error("click purge task without a valid purgeId: dropped", { data });
    return null;
  }
  const report = await runPurgeSlice(purgeId, budgetMs);
  // per slice, the worker's memory: what `npm run test:api` (click-purge.test.ts) reads back from the log
  logger.info("click purge slice", { ...report, rssMb: mb(report.peakRss), heapUsedMb: mb(report.peakHeapUsed) });
  if (!report.done) await enqueueSlice(purgeId);
  return report;
}

const mb = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;

/**
 * The sweep: enqueues a slice for every purge that has not moved for `stalledAfterMs` (its enqueue
 * failed, or the queue gave up on it). A purge still running meanwhile only gets a harmless twin.
 * Returns how many it enqueued; throws after trying them all if any enqueue failed.
 */
export async function resumeStalledPurges(now: Date, stalledAfterMs = STALLED_AFTER_MS, limit = 500): Promise<number> {
  const stalled = await purges()
    .where("updatedAt", "<", Timestamp.fromMillis(now.getTime() - stalledAfterMs))
    .orderBy("updatedAt")
    .select()
    .limit(limit)
    .get();
  const failures: unknown[] = [];
  for (const doc of stalled.docs) {
    try {
      await enqueueSlice(doc.id);
    } catch (err) {
      failures.push(err);
    }
  }
  if (failures.length > 0)
    throw new AggregateError(failures, `${String(failures.length)} of ${String(stalled.size)} stalled click purges could not be enqueued`);
  if (stalled.size > 0) logger.info("stalled click purges enqueued again", { count: stalled.size });
  return stalled.size;
}
