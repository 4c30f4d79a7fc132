import { FieldValue, Timestamp, type QueryDocumentSnapshot, type Transaction } from "firebase-admin/firestore";
import { COLLECTIONS, db } from "../platform/db";
import { truncatedAddress } from "../platform/http/ip-prefix";
import { addPeriod, emptyPeriod } from "./period-counts";

/**
 * Counted visits, written by the rotation, and the counters they feed.
 *
 * Per counted visit, one atomic batch of two writes:
 * - clicks/{random id}: the record (link, program, time, IP, User-Agent). Random ids and an
 *   unindexed `clickedAt` (firestore.indexes.json) keep these inserts off any hot index range.
 * - click_counters/{shard}_{programId}_{YYYY-MM-DD}: { programId, day, total, links: { [linkId]: n },
 *   linkIds, lastClickedAt: { [linkId]: time }, active, hours: { [HH]: { total, links, active, lastClickedAt } } },
 *   incremented. `active` is the program's links in the rotation as the serving instance knew them at
 *   this visit (what fair shares are computed from), `hours` the same counts per UTC hour (what `24h`
 *   reads): no write is added for them, only fields of the one counter document. The caller picks the shard so that no counter document takes
 *   more than about one write per second (rotation/counter-shards.ts); the shard leads the id so that
 *   a busy program's shards are not neighbours in the key space.
 *
 * Once a day is over, `foldDay` (visit-fold.store.ts) rolls its shards up, in one transaction, into
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
  /** The client address, whole; the record keeps only its /24 or /48. */
  ipAddress: string | null;
  userAgent: string;
  shard: number;
  /** The program's links in the rotation at this visit, as the serving instance knew them (the chosen one among them). */
  activeLinkIds: readonly string[];
  /**
   * The visit's marks (rotation/repeat-visits.ts), created with it: ids, null for a rule that does not
   * apply. Omitted only by writers of past visits (the demo seed, the benches), which need none.
   */
  marks?: { visitor: string | null; address: string | null };
}

export class VisitAlreadyRecordedError extends Error {}

/** The visit was not recorded: this hour already has a counted visit of its visitor or its address. */
export class RepeatVisitError extends Error {
  constructor(
    readonly visitorSeen: boolean,
    readonly addressSeen: boolean,
  ) {
    super(visitorSeen ? "repeat visitor" : "repeat address");
  }
}

/** How long a mark is kept: its hour is over by then (Firestore's TTL deletes it, typically within a day after). */
export const VISIT_MARK_TTL_MS = 2 * 60 * 60 * 1000;
const marks = () => db().collection(COLLECTIONS.visitMarks);

export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
/** The UTC hour of the day, "00".."23": the key of a counter's `hours`. */
export const utcHour = (at: Date): string => at.toISOString().slice(11, 13);

export const counters = () => db().collection(COLLECTIONS.clickCounters);
export const dayRecordRef = (programId: string, day: string) => db().collection(COLLECTIONS.clickDays).doc(`${programId}_${day}`);
export const monthRecordRef = (programId: string, month: string) => db().collection(COLLECTIONS.clickMonths).doc(`${programId}_${month}`);
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
  const inRotation = visit.activeLinkIds.includes(visit.linkId) ? visit.activeLinkIds : [...visit.activeLinkIds, visit.linkId];
  const batch = db().batch();
  batch.create(db().collection(COLLECTIONS.clicks).doc(visit.clickId), {
    referralLinkId: visit.linkId,
    programId: visit.programId,
    clickedAt,
    ipAddress: visit.ipAddress ? truncatedAddress(visit.ipAddress) : null,
    userAgent: visit.userAgent,
  });
  const markIds = [visit.marks?.visitor, visit.marks?.address].filter((id): id is string => Boolean(id));
  const expiresAt = Timestamp.fromMillis(visit.clickedAt.getTime() + VISIT_MARK_TTL_MS);
  for (const id of markIds) batch.create(marks().doc(id), { programId: visit.programId, expiresAt });
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
      active: FieldValue.arrayUnion(...inRotation),
      hours: {
        [utcHour(visit.clickedAt)]: {
          total: FieldValue.increment(1),
          links: { [visit.linkId]: FieldValue.increment(1) },
          active: FieldValue.arrayUnion(...inRotation),
          lastClickedAt: { [visit.linkId]: clickedAt },
        },
      },
    },
    { merge: true },
  );
  try {
    await batch.commit();
  } catch (err) {
    if ((err as { code?: number }).code !== 6) throw err;
    // ALREADY_EXISTS: an earlier attempt of this very visit was committed, or a mark was taken
    throw await whyAlreadyExists(visit, err);
  }
}

/** Which created document of a visit's batch existed already: its own click record (a retry), or a mark (a repeat). */
async function whyAlreadyExists(visit: Visit, err: unknown): Promise<Error> {
  const [click, visitorMark, addressMark] = await db().getAll(
    db().collection(COLLECTIONS.clicks).doc(visit.clickId),
    marks().doc(visit.marks?.visitor ?? "-"),
    marks().doc(visit.marks?.address ?? "-"),
  );
  if (click!.exists) return new VisitAlreadyRecordedError(visit.clickId);
  // a mark of this hour is never expired (it lives 2 hours), but the check costs nothing here
  const live = (mark: typeof click) => mark!.exists && (mark!.get("expiresAt") as Timestamp).toMillis() > Date.now();
  const visitorSeen = Boolean(visit.marks?.visitor) && live(visitorMark);
  const addressSeen = Boolean(visit.marks?.address) && live(addressMark);
  return visitorSeen || addressSeen ? new RepeatVisitError(visitorSeen, addressSeen) : (err as Error);
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
  const unfolded = emptyPeriod();
  for (const doc of await counterDocs(tx, scope)) addPeriod(unfolded, doc.data());
  return unfolded.links;
}

/** Runs reads at one consistent point in time, without locking anything the rotation writes. */
export const readConsistently = <T>(read: (tx: Transaction) => Promise<T>): Promise<T> => db().runTransaction(read, { readOnly: true });
