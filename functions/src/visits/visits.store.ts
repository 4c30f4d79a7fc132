import { utcDay } from "@hub/contract/dates";
import { createHash } from "node:crypto";
import { FieldValue, Timestamp, type DocumentSnapshot, type QueryDocumentSnapshot, type Transaction } from "firebase-admin/firestore";
import { addressWalkPart } from "../platform/address-walk";
import { COLLECTIONS, db, type TtlPolicy } from "../platform/db";
import { truncatedAddress } from "../platform/http/ip-prefix";
import { addPeriod, emptyPeriod, type RotationSetLinks, type RotationSets } from "./period-counts";

/**
 * Counted visits, written by the rotation, and the counters they feed.
 *
 * Per counted visit, one atomic batch of two writes (three when the serving instance first uses a
 * rotation set):
 * - clicks/{random id}: the record (link, program, time, IP, User-Agent). Random ids and an
 *   unindexed `clickedAt` (firestore.indexes.json) keep these inserts off any hot index range.
 * - click_counters/{shard}_{programId}_{YYYY-MM-DD}: { programId, day, total, links: { [linkId]: n },
 *   linkIds, lastClickedAt: { [linkId]: time }, sets, hours: { [HH]: { total, links, lastClickedAt, sets } } },
 *   incremented. `sets` holds the id of the program's links in the rotation as the serving instance
 *   knew them at this visit (what fair shares are computed from), `hours` the same counts per UTC hour
 *   (what `24h` reads): no write is added for them, only fields of the one counter document. The caller picks the shard so that no counter document takes
 *   more than about one write per second (rotation/counter-shards.ts); the shard leads the id so that
 *   a busy program's shards are not neighbours in the key space.
 * - rotation_sets/{set id}: { programId, linkIds (sorted), weights? }, the set itself, stored once
 *   (`weights` by link id, only when one is not 1: the owners' tier weights): its id is a hash of the
 *   program, the ids and any weights, so every writer of a set writes the same document. An instance
 *   adds it to the visit's batch until one of its batches with it has committed (then it knows the
 *   document exists), so a counter holds a few set ids however many links the program has; a set
 *   document is never changed or deleted (an instance's memory of it may outlive any sweep).
 *   Counters written before sets were list the links themselves (`active`, and `hours.HH.active`):
 *   readers still take those, so no migration is needed.
 *
 * Once a day is over, `foldDay` (visit-fold.store.ts) rolls its shards up, in one transaction, into
 * click_days/{programId}_{day} (the day's counts, its set ids and each link's fair share: what
 * analytics reads for past days), click_hours/{programId}_{day}_{HH} (each hour's counts and set ids:
 * what `24h` reads, removed by TTL after a few days), click_months/{programId}_{YYYY-MM} (what long
 * ranges read) and each link's stored `visitCount`, and deletes them. So every counter document that exists is one not yet folded, and a
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
  /** Their weights, in the same order (the owners' tier weights); every one 1 when omitted. */
  activeLinkWeights?: readonly number[];
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

export const VISIT_MARKS_TTL: TtlPolicy = { collection: COLLECTIONS.visitMarks, field: "expiresAt" };

/** An hour's roll-up goes by TTL once `24h` can no longer ask for it (period-counts' hourRollup sets `deleteAt`). */
export const CLICK_HOURS_TTL: TtlPolicy = { collection: COLLECTIONS.clickHours, field: "deleteAt" };
const marks = () => db().collection(COLLECTIONS.visitMarks);

/** The UTC hour of the day, "00".."23": the key of a counter's `hours`. */
export const utcHour = (at: Date): string => at.toISOString().slice(11, 13);

export const counters = () => db().collection(COLLECTIONS.clickCounters);
export const dayRecordRef = (programId: string, day: string) => db().collection(COLLECTIONS.clickDays).doc(`${programId}_${day}`);
export const monthRecordRef = (programId: string, month: string) => db().collection(COLLECTIONS.clickMonths).doc(`${programId}_${month}`);
export const dayCounterRef = (programId: string, day: string, shard: number) => counters().doc(`${String(shard)}_${programId}_${day}`);
export const hourRecordRef = (programId: string, day: string, hour: string) =>
  db().collection(COLLECTIONS.clickHours).doc(`${programId}_${day}_${hour}`);
/** The version of a program's roll-ups (COLLECTIONS.clickRollupVersions): every writer of its roll-ups raises it. */
export const rollupVersionRef = (programId: string) => db().collection(COLLECTIONS.clickRollupVersions).doc(programId);
/** Raises the program's roll-up version, in the transaction or batch that writes its roll-ups (a blind increment: no read, no contention). */
export const rollupVersionRaise = (programId: string) => ({ programId, version: FieldValue.increment(1) });
export const rotationSetRef = (setId: string) => db().collection(COLLECTIONS.rotationSets).doc(setId);

/** A set of a program's links in the rotation, as rotation_sets stores it. */
export interface RotationSet {
  id: string;
  programId: string;
  /** Sorted. */
  linkIds: string[];
  /** The links' weights by id, only when one is not 1 (a set of weight-1 links is stored as before weights were). */
  weights?: Record<string, number>;
}

/**
 * The set's id: a hash of the program, its sorted link ids and, when one is not 1, their weights (128
 * bits, base64url), so equal sets share one document. `weights` is by link id; a link missing has 1.
 */
export function rotationSetOf(programId: string, linkIds: readonly string[], weights: Readonly<Record<string, number>> = {}): RotationSet {
  const sorted = [...new Set(linkIds)].sort();
  const weightOf = (id: string) => weights[id] ?? 1;
  const weighted = sorted.some((id) => weightOf(id) !== 1);
  const id = createHash("sha256")
    .update(JSON.stringify(weighted ? [programId, sorted, sorted.map(weightOf)] : [programId, sorted]))
    .digest("base64url")
    .slice(0, 22);
  return weighted
    ? { id, programId, linkIds: sorted, weights: Object.fromEntries(sorted.map((l) => [l, weightOf(l)])) }
    : { id, programId, linkIds: sorted };
}

/** A visit's weights by link id (from the parallel arrays the rotation hands over). */
function weightsByLink(visit: Pick<Visit, "activeLinkIds" | "activeLinkWeights">): Record<string, number> {
  const weights: Record<string, number> = {};
  visit.activeLinkIds.forEach((id, i) => (weights[id] = visit.activeLinkWeights?.[i] ?? 1));
  return weights;
}

/** The rotation hands the same arrays (ids, weights) until its next refresh: its set is hashed once per array. */
const setOfArray = new WeakMap<readonly string[], RotationSet>();
/** Set ids this instance has written in a committed batch: their documents exist, so its visits need not write them again. */
const writtenSets = new Set<string>();
const MAX_WRITTEN_SETS = 10_000;

/** The links in the rotation at this visit: those the instance knew, and the chosen one (always among them but for a race). */
function visitSet(visit: Visit): RotationSet {
  if (!visit.activeLinkIds.includes(visit.linkId))
    return rotationSetOf(visit.programId, [...visit.activeLinkIds, visit.linkId], weightsByLink(visit));
  const known = setOfArray.get(visit.activeLinkIds);
  if (known?.programId === visit.programId) return known;
  const set = rotationSetOf(visit.programId, visit.activeLinkIds, weightsByLink(visit));
  setOfArray.set(visit.activeLinkIds, set);
  return set;
}

function rememberWritten(setId: string): void {
  writtenSets.add(setId);
  // oldest first: forgetting one only costs a rewrite of the same document
  if (writtenSets.size > MAX_WRITTEN_SETS) writtenSets.delete(writtenSets.values().next().value!);
}

/** For tests: forget which sets this process has written, as a new instance would. */
export const forgetWrittenSets = (): void => writtenSets.clear();

/** A click id chosen before writing, so that a retried write can tell it already happened. */
export const newClickId = (): string => db().collection(COLLECTIONS.clicks).doc().id;

/**
 * The click record and its counter in one atomic batch: both or neither. The record is created (not
 * set), so a retry of a write that did land fails as a whole instead of counting twice.
 */
export async function recordVisit(visit: Visit): Promise<void> {
  const clickedAt = Timestamp.fromDate(visit.clickedAt);
  const day = utcDay(visit.clickedAt);
  const set = visitSet(visit);
  const writesSet = !writtenSets.has(set.id);
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
      sets: FieldValue.arrayUnion(set.id),
      hours: {
        [utcHour(visit.clickedAt)]: {
          total: FieldValue.increment(1),
          links: { [visit.linkId]: FieldValue.increment(1) },
          sets: FieldValue.arrayUnion(set.id),
          lastClickedAt: { [visit.linkId]: clickedAt },
        },
      },
    },
    { merge: true },
  );
  // the set itself, until this instance knows it stored (a set is idempotent: every writer writes the same)
  if (writesSet) batch.set(rotationSetRef(set.id), storedSet(set));
  try {
    await batch.commit();
  } catch (err) {
    if ((err as { code?: number }).code !== 6) throw err;
    // ALREADY_EXISTS: an earlier attempt of this very visit was committed, or a mark was taken
    throw await whyAlreadyExists(visit, err);
  }
  if (writesSet) rememberWritten(set.id);
}

/** A rotation set as rotation_sets stores it: weights only when one is not 1. */
export const storedSet = (set: RotationSet) => ({
  programId: set.programId,
  linkIds: set.linkIds,
  ...(set.weights ? { weights: set.weights } : {}),
});

/**
 * Rotation sets by id (their link ids and weights), each read once; ids without a document are left out. Sets
 * never change, so readers read them outside their transactions (which would lock them).
 */
export async function readRotationSets(setIds: Iterable<string>): Promise<RotationSets> {
  const refs = [...new Set(setIds)].map(rotationSetRef);
  const sets = new Map<string, RotationSetLinks>();
  const slices: Promise<DocumentSnapshot[]>[] = [];
  for (let i = 0; i < refs.length; i += 300) slices.push(db().getAll(...refs.slice(i, i + 300), { fieldMask: ["linkIds", "weights"] }));
  for (const doc of (await Promise.all(slices)).flat()) {
    const ids: unknown = doc.get("linkIds");
    const weights: unknown = doc.get("weights");
    if (doc.exists && Array.isArray(ids))
      sets.set(doc.id, {
        linkIds: ids.filter((id): id is string => typeof id === "string"),
        ...(typeof weights === "object" && weights !== null ? { weights: weights as Record<string, number> } : {}),
      });
  }
  return sets;
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

/** The click records' part of the walk that truncates whole addresses stored before issue 29 (auth/stored-addresses.store). */
export const CLICK_ADDRESSES = addressWalkPart(COLLECTIONS.clicks, "ipAddress");
