import { FieldValue, Timestamp, type DocumentReference, type DocumentSnapshot, type QueryDocumentSnapshot, type Transaction } from "firebase-admin/firestore";
import { logger } from "firebase-functions";
import { schedulePurgeIn, startPurge } from "./click-purges.repo";
import { COLLECTIONS, db } from "./db";

/**
 * Counted visits, written by the rotation, and the counters they feed.
 *
 * Per counted visit, one atomic batch of two writes:
 * - clicks/{random id}: the record (link, program, time, IP, User-Agent). Random ids and an
 *   unindexed `clickedAt` (firestore.indexes.json) keep these inserts off any hot index range.
 * - click_counters/{shard}_{programId}_{YYYY-MM-DD}: { programId, day, total, links: { [linkId]: n },
 *   linkIds, lastClickedAt: { [linkId]: time } }, incremented. The caller picks the shard so that no
 *   counter document takes more than about one write per second (services/rotation/counter-shards.ts);
 *   the shard leads the id so that a busy program's shards are not neighbours in the key space.
 *
 * Once a day is over, `foldDay` rolls its shards up, in one transaction, into
 * click_days/{programId}_{day} and click_months/{programId}_{YYYY-MM} (what analytics reads for past
 * days and months) and into each link's stored `visitCount`, and deletes them. So every counter document that exists is one not yet folded, and a
 * link's visits are always its stored `visitCount` plus what the existing counters hold for it. Readers
 * pay for the unfolded days only, whatever the history.
 */
export interface Visit {
  clickId: string;
  linkId: string;
  programId: string;
  clickedAt: Date;
  ipAddress: string | null;
  userAgent: string;
  shard: number;
}

export class VisitAlreadyRecordedError extends Error {}

export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

const counters = () => db().collection(COLLECTIONS.clickCounters);
const dayRecordRef = (programId: string, day: string) => db().collection(COLLECTIONS.clickDays).doc(`${programId}_${day}`);
const monthRecordRef = (programId: string, month: string) => db().collection(COLLECTIONS.clickMonths).doc(`${programId}_${month}`);
export const dayCounterRef = (programId: string, day: string, shard: number) => counters().doc(`${String(shard)}_${programId}_${day}`);

/** A click id chosen before writing, so that a retried write can tell it already happened. */
export const newClickId = (): string => db().collection(COLLECTIONS.clicks).doc().id;

/**
 * The click record and its counter in one atomic batch: both or neither. The record is created (not
 * set), so a retry of a write that did land fails as a whole instead of counting twice.
 */
export async function recordVisit(visit: Visit): Promise<void> {
  const clickedAt = Timestamp.fromDate(visit.clickedAt);
  const day = utcDay(visit.clickedAt);
  const batch = db().batch();
  batch.create(db().collection(COLLECTIONS.clicks).doc(visit.clickId), {
    referralLinkId: visit.linkId,
    programId: visit.programId,
    clickedAt,
    ipAddress: visit.ipAddress,
    userAgent: visit.userAgent,
  });
  batch.set(
    dayCounterRef(visit.programId, day, visit.shard),
    {
      programId: visit.programId,
      day,
      total: FieldValue.increment(1),
      links: { [visit.linkId]: FieldValue.increment(1) },
      // lets one member's or one link's view find its counters without reading every program's
      linkIds: FieldValue.arrayUnion(visit.linkId),
      lastClickedAt: { [visit.linkId]: clickedAt },
    },
    { merge: true },
  );
  try {
    await batch.commit();
  } catch (err) {
    // ALREADY_EXISTS: an earlier attempt of this very visit was committed.
    if ((err as { code?: number }).code === 6) throw new VisitAlreadyRecordedError(visit.clickId);
    throw err;
  }
}

/** Which unfolded counters to read: every program's, or those that count these links. */
export type CounterScope = { all: true } | { linkIds: string[] };

async function counterDocs(tx: Transaction, scope: CounterScope) {
  if ("all" in scope) return (await tx.get(counters().select("links"))).docs;
  const byId = new Map<string, QueryDocumentSnapshot>();
  for (let i = 0; i < scope.linkIds.length; i += 30) {
    const chunk = scope.linkIds.slice(i, i + 30);
    for (const doc of (await tx.get(counters().where("linkIds", "array-contains-any", chunk).select("links"))).docs) byId.set(doc.id, doc);
  }
  return [...byId.values()];
}

/**
 * Visits per link not yet folded into the links' `visitCount`. Read it in the same (read-only)
 * transaction as the links, so that a fold in between cannot count a day twice or not at all.
 */
export async function unfoldedVisits(tx: Transaction, scope: CounterScope): Promise<Map<string, number>> {
  if ("linkIds" in scope && scope.linkIds.length === 0) return new Map();
  const visits = new Map<string, number>();
  for (const doc of await counterDocs(tx, scope)) addLinkCounts(visits, doc);
  return visits;
}

/** Adds a counter or roll-up document's visits per link (its `links` map) into `visits`. */
export function addLinkCounts(visits: Map<string, number>, counter: DocumentSnapshot): void {
  for (const [linkId, n] of Object.entries((counter.get("links") ?? {}) as Record<string, unknown>)) {
    if (typeof n === "number") visits.set(linkId, (visits.get(linkId) ?? 0) + n);
  }
}

/** Runs reads at one consistent point in time, without locking anything the rotation writes. */
export const readConsistently = <T>(read: (tx: Transaction) => Promise<T>): Promise<T> => db().runTransaction(read, { readOnly: true });

export interface FoldResult {
  programId: string;
  day: string;
  visits: number;
  shards: number;
  /** Links counted that day that no longer exist: visits recorded while the rotation had not yet seen the deletion. */
  deletedLinkIds: string[];
  /** The purge of those links' late click records, recorded with the fold (click-purges.repo); null when none. */
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
 * the background like every purge (click-purges.repo).
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

/** One past day of a program: visits per link. */
export interface PastDay {
  programId: string;
  day: string;
  links: Record<string, number>;
}

/**
 * Seeding and imports only: past days' visits written straight into the day and month roll-ups and
 * the links' stored counts, as nightly folds would have left them (each link's last click put at
 * 18:00 UTC of its day). Click records are not written: imported history keeps its records where it
 * came from. Not atomic (a BulkWriter, for volume), and it replaces the day and month roll-ups of the
 * months it touches, so run it against a store with no history in those months and no one else writing.
 */
export async function importPastDays(days: PastDay[]): Promise<void> {
  const writer = db().bulkWriter();
  const months = new Map<string, { programId: string; month: string; total: number; links: Record<string, number>; lastClickedAt: Record<string, Timestamp> }>();
  const perLink = new Map<string, number>();
  for (const { programId, day, links } of [...days].sort((a, b) => a.day.localeCompare(b.day))) {
    const at = Timestamp.fromDate(new Date(`${day}T18:00:00Z`));
    const lastClickedAt = Object.fromEntries(Object.keys(links).map((id) => [id, at]));
    const total = Object.values(links).reduce((a, b) => a + b, 0);
    void writer.set(dayRecordRef(programId, day), { programId, day, total, links, lastClickedAt });
    const key = `${programId}_${day.slice(0, 7)}`;
    const month = months.get(key) ?? { programId, month: day.slice(0, 7), total: 0, links: {}, lastClickedAt: {} };
    month.total += total;
    for (const [id, n] of Object.entries(links)) {
      month.links[id] = (month.links[id] ?? 0) + n;
      month.lastClickedAt[id] = at; // days go in date order: the latest wins
      perLink.set(id, (perLink.get(id) ?? 0) + n);
    }
    months.set(key, month);
  }
  for (const month of months.values()) void writer.set(monthRecordRef(month.programId, month.month), month);
  for (const [id, n] of perLink) void writer.update(db().collection(COLLECTIONS.links).doc(id), { visitCount: FieldValue.increment(n) });
  await writer.close();
}

