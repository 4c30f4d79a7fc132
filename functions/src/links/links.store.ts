import { FieldPath, FieldValue, type DocumentSnapshot, type Query, type Transaction } from "firebase-admin/firestore";
import { COLLECTIONS, db } from "../platform/db";
import { linkSlotRef } from "./link-slots.store";
import { schedulePurgeIn, startPurge } from "../visits/click-purges.store";
import { readConsistently, unfoldedVisits } from "../visits/visits.store";
import { str, toIso, toIsoOrEpoch } from "../platform/timestamps";
import { ownerHeldBackIn } from "../accounts/users.store";
import { UNKNOWN_HEALTH, type LinkHealth, type LinkTest } from "@hub/contract/links";
import { ProgramCountChanges } from "./link-counts.store";
import { findProgramIn, requireProgramIn } from "../catalog/programs.store";
import { paidDaysIn, paidOnOf } from "./paid-days.store";
import { healthFromStored, nextHealth } from "./link-health";

/** A referral_links document. The owner is the e-mail (the user's username). */
export interface LinkRecord {
  id: string;
  programId: string;
  name: string;
  email: string;
  link: string;
  description: string;
  approved: boolean;
  paused: boolean;
  /** Paused by a block of the owner: unblocking unpauses these only. */
  pausedByBlock: boolean;
  isDead: boolean;
  deadNote: string | null;
  /** Its owner is blocked or without an active subscription: kept here, in the transactions that change either, so counting needs no user document. */
  ownerHeldBack: boolean;
  visitCount: number;
  /** Programs the link was in before (moves and merges): where its past visits and fair shares are filed. */
  pastProgramIds: string[];
  testedOffer: string | null;
  testedAt: string | null;
  lastNotifiedAt: string | null;
  /** The last mark-dead's e-mail to the owner could not be sent (the API shows it while the link is dead). */
  deadMailFailed: boolean;
  /** The tests of its address and what they made of it (docs/architecture.md, *Link health*). */
  health: LinkHealth;
  /** health.status is failing: out of the rotation until a test is ok (kept beside the others that decide it). */
  failing: boolean;
  /** A date-derived reason held it out at its program's last count (link-counts.store CountedLink). */
  outByDate: boolean;
  /** The owner took it out of the rotation until this UTC day starts (null: not snoozed). */
  snoozedUntil: string | null;
  /**
   * The days of the owner's `paid` outcomes in this link's program (kept by the outcomes' own
   * transactions), what its cap state is derived from on every read (link-availability capState).
   */
  paidOn: string[];
  /**
   * Balanced mode's head start taken away from a link back from a break (cap, snooze, failing): added
   * to its visits when the rotation balances, never shown (docs/architecture.md, *Outcomes, caps and snoozes*: never catching up).
   */
  balanceOffset: number;
  /** Seen out of the rotation for a cap, snooze or failing health since it was last balanced (the rotation sets and clears it). */
  away: boolean;
  createdAt: string;
  submittedAt: string;
  updatedAt: string;
}

export const linksCollection = () => db().collection(COLLECTIONS.links);

export function linkFromSnapshot(snap: DocumentSnapshot): LinkRecord | null {
  const d = snap.data();
  if (!d) return null;
  return {
    id: snap.id,
    programId: String(d.programId),
    name: String(d.name ?? ""),
    email: String(d.email),
    link: String(d.link),
    description: String(d.description ?? ""),
    approved: d.approved === true,
    paused: d.paused === true,
    pausedByBlock: d.pausedByBlock === true,
    isDead: d.isDead === true,
    deadNote: str(d.deadNote),
    ownerHeldBack: d.ownerHeldBack === true,
    visitCount: typeof d.visitCount === "number" ? d.visitCount : 0,
    pastProgramIds: Array.isArray(d.pastProgramIds) ? d.pastProgramIds.filter((id): id is string => typeof id === "string") : [],
    testedOffer: str(d.testedOffer),
    testedAt: toIso(d.testedAt),
    lastNotifiedAt: toIso(d.lastNotifiedAt),
    deadMailFailed: d.deadMailFailed === true,
    ...withHealth(healthFromStored(d.health)),
    outByDate: d.outByDate === true,
    snoozedUntil: str(d.snoozedUntil),
    paidOn: Array.isArray(d.paidOn) ? d.paidOn.filter((day): day is string => typeof day === "string") : [],
    balanceOffset: typeof d.balanceOffset === "number" ? d.balanceOffset : 0,
    away: d.away === true,
    createdAt: toIsoOrEpoch(d.createdAt),
    submittedAt: toIsoOrEpoch(d.submittedAt ?? d.createdAt),
    updatedAt: toIsoOrEpoch(d.updatedAt ?? d.createdAt),
  };
}

const withHealth = (health: LinkHealth) => ({ health, failing: health.status === "failing" });

export async function getLink(id: string): Promise<LinkRecord | null> {
  return linkFromSnapshot(await linksCollection().doc(id).get());
}

/**
 * Links as people see them: `visitCount` is the stored count plus the visits not yet folded into it
 * (visits.store), both read at one point in time so that a fold in between changes nothing.
 */
async function readCounted(read: (tx: Transaction) => Promise<DocumentSnapshot[]>, everyLink = false): Promise<LinkRecord[]> {
  return readConsistently(async (tx) => {
    const docs = await read(tx);
    const unfolded = await unfoldedVisits(tx, everyLink ? { all: true } : { linkIds: docs.map((d) => d.id) });
    return docs.map((d) => {
      const link = linkFromSnapshot(d)!;
      return { ...link, visitCount: link.visitCount + (unfolded.get(link.id) ?? 0) };
    });
  });
}

const allOf = (query: Query) => async (tx: Transaction) => (await tx.get(query)).docs;

export const listAllLinks = (): Promise<LinkRecord[]> => readCounted(allOf(linksCollection()), true);

export const listLinksByOwner = (email: string): Promise<LinkRecord[]> => readCounted(allOf(linksCollection().where("email", "==", email)));

/** Firestore's limit on the values of one `in` filter. */
const IN_LIMIT = 30;

/**
 * The links of many owners, by owner (visit counts as stored: for work that reads figures elsewhere,
 * such as the weekly digest): one query per 30 owners instead of one per owner.
 */
export async function linksOfOwners(emails: readonly string[]): Promise<Map<string, LinkRecord[]>> {
  const slices: string[][] = [];
  for (let i = 0; i < emails.length; i += IN_LIMIT) slices.push(emails.slice(i, i + IN_LIMIT));
  const snaps = await Promise.all(slices.map((slice) => linksCollection().where("email", "in", slice).get()));
  const byOwner = new Map<string, LinkRecord[]>(emails.map((e) => [e, []]));
  for (const doc of snaps.flatMap((s) => s.docs)) {
    const link = linkFromSnapshot(doc)!;
    byOwner.get(link.email)?.push(link);
  }
  return byOwner;
}

export async function getCountedLink(id: string): Promise<LinkRecord | null> {
  const [link] = await readCounted(async (tx) => [await tx.get(linksCollection().doc(id))].filter((d) => d.exists));
  return link ?? null;
}

export async function countLinksByOwner(email: string): Promise<number> {
  return (await linksCollection().where("email", "==", email).count().get()).data().count;
}

/** How many links each owner has, by e-mail (owners without one left out). */
export async function linkCountsByOwner(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const d of (await linksCollection().select("email").get()).docs) {
    const email = String(d.get("email"));
    counts.set(email, (counts.get(email) ?? 0) + 1);
  }
  return counts;
}

export type NewLink = Pick<LinkRecord, "programId" | "name" | "email" | "link" | "description">;

export class SlotTakenError extends Error {
  constructor(
    readonly programId: string,
    readonly email: string,
  ) {
    super("link slot taken");
  }
}

/**
 * Creates a pending link. The (program, owner) slot is created in the same transaction, so two
 * simultaneous submissions for one program cannot both succeed. `programCheck` runs inside the
 * transaction too (the program must still exist).
 */
export async function createLink(link: NewLink, programCheck: (tx: Transaction) => Promise<void>): Promise<LinkRecord> {
  const ref = linksCollection().doc();
  await db().runTransaction(async (tx) => {
    await programCheck(tx);
    const slot = linkSlotRef(link.programId, link.email);
    if ((await tx.get(slot)).exists) throw new SlotTakenError(link.programId, link.email);
    const ownerHeldBack = await ownerHeldBackIn(tx, link.email);
    // the cap follows the owner: a new link starts from their paid days in the program, so deleting a
    // capped link and submitting another does not start the count again
    const paidOn = paidOnOf(await paidDaysIn(tx, "email", [link.email]), (d) => d.programId === link.programId);
    const program = await requireProgramIn(tx, link.programId);
    const now = FieldValue.serverTimestamp();
    const counts = new ProgramCountChanges();
    // a capped owner's new link is held out by the cap from the start, and counted so
    const fresh = { programId: program.id, approved: false, paused: false, isDead: false, ownerHeldBack, failing: false, outByDate: false };
    const state = counts.datedState({ ...fresh, snoozedUntil: null, paidOn }, program);
    tx.create(slot, { linkId: ref.id, programId: link.programId, email: link.email });
    counts.added(state).writeIn(tx);
    tx.create(ref, newLinkData(link, state, now));
  });
  return (await getLink(ref.id))!;
}

/** What decides a new link's place, stored with it. */
interface NewLinkState {
  approved: boolean;
  ownerHeldBack: boolean;
  outByDate: boolean;
  paidOn: string[];
}

/** A new link's document (createLink's, importLinks'). */
function newLinkData(link: NewLink, state: NewLinkState, now: FieldValue | Date) {
  return {
    ...link,
    approved: state.approved,
    paused: false,
    isDead: false,
    ownerHeldBack: state.ownerHeldBack,
    outByDate: state.outByDate,
    paidOn: state.paidOn,
    health: UNKNOWN_HEALTH,
    pausedByBlock: false,
    deadNote: null,
    visitCount: 0,
    testedOffer: null,
    testedAt: null,
    lastNotifiedAt: null,
    createdAt: now,
    submittedAt: now,
    updatedAt: now,
  };
}

/**
 * Stores many new links at once, each with its slot, as createLink stores one (approved when asked,
 * no paid days), outside transactions: for the demo seed and the benches (toolkit), on a store no
 * member uses yet. Their owners' standing and their programs' counts are not worked out here: count
 * the programs afterwards (program-links.store recountProgramLinks). Answers the new links' ids.
 */
export async function importLinks(links: readonly (NewLink & { approved?: boolean })[]): Promise<string[]> {
  const writer = db().bulkWriter();
  const now = new Date();
  const ids = links.map(({ approved = false, ...link }) => {
    const ref = linksCollection().doc();
    void writer.create(linkSlotRef(link.programId, link.email), { linkId: ref.id, programId: link.programId, email: link.email });
    void writer.create(ref, newLinkData(link, { approved, ownerHeldBack: false, outByDate: false, paidOn: [] }, now));
    return ref.id;
  });
  await writer.close();
  return ids;
}

export type LinkChanges = Partial<
  Pick<LinkRecord, "link" | "description" | "approved" | "paused" | "pausedByBlock" | "isDead" | "deadNote" | "testedOffer" | "health">
> & {
  testedAt?: Date;
  lastNotifiedAt?: Date;
  deadMailFailed?: boolean;
};

/**
 * Bookkeeping (a test result, the time the owner was told) is not an edit: it must not move the
 * link up the "latest submitted or updated" order nor change the CSV's Updated column.
 */
const BOOKKEEPING = new Set(["testedOffer", "testedAt", "lastNotifiedAt", "deadMailFailed", "health"]);
const stamp = (changes: LinkChanges) =>
  Object.keys(changes).every((k) => BOOKKEEPING.has(k)) ? changes : { ...changes, updatedAt: FieldValue.serverTimestamp() };

/** The link as it is after `changes`, as counting sees it (a new health may take it out of the rotation). */
const changed = (link: LinkRecord, changes: LinkChanges): LinkRecord =>
  ({ ...link, ...changes, ...(changes.health ? withHealth(changes.health) : {}) }) as LinkRecord;

/**
 * Changes one link as `decide` says, given its current state read in the same transaction; `decide`
 * answers null to refuse (e.g. the link is not the caller's). Null when missing or refused.
 */
export async function updateLink(id: string, decide: (link: LinkRecord) => LinkChanges | null): Promise<LinkRecord | null> {
  const ref = linksCollection().doc(id);
  const found = await db().runTransaction(async (tx) => {
    const current = linkFromSnapshot(await tx.get(ref));
    const changes = current ? decide(current) : null;
    if (!changes) return false;
    tx.update(ref, stamp(changes));
    new ProgramCountChanges().changed(current!, changed(current!, changes)).writeIn(tx);
    return true;
  });
  return found ? getLink(id) : null;
}

/**
 * Applies the same changes to many links in one transaction. Returns the ids that were updated and
 * those that do not exist; nothing is written if the transaction fails.
 */
export async function updateLinks(ids: string[], changes: LinkChanges): Promise<{ updated: LinkRecord[]; missing: string[] }> {
  const unique = [...new Set(ids)];
  const refs = unique.map((id) => linksCollection().doc(id));
  const result = await db().runTransaction(async (tx) => {
    const snaps = await tx.getAll(...refs);
    const missing: string[] = [];
    const counts = new ProgramCountChanges();
    snaps.forEach((snap, i) => {
      const current = linkFromSnapshot(snap);
      if (!current) return void missing.push(unique[i]!);
      tx.update(refs[i]!, stamp(changes));
      counts.changed(current, changed(current, changes));
    });
    counts.writeIn(tx);
    return missing;
  });
  const updatedIds = unique.filter((id) => !result.includes(id));
  const updated = (await Promise.all(updatedIds.map(getLink))).filter((l): l is LinkRecord => l !== null);
  return { updated, missing: result };
}

/** Moves a link to another program, its slot with it; refused when the owner already has one there. */
export async function moveLink(
  id: string,
  targetProgramId: string,
  programCheck: (tx: Transaction) => Promise<void>,
): Promise<LinkRecord | null> {
  const ref = linksCollection().doc(id);
  const found = await db().runTransaction(async (tx) => {
    const current = linkFromSnapshot(await tx.get(ref));
    if (!current) return false;
    await programCheck(tx);
    const target = linkSlotRef(targetProgramId, current.email);
    if ((await tx.get(target)).exists) throw new SlotTakenError(targetProgramId, current.email);
    // its outcomes stay in the program they were earned in: its cap there counts the owner's paid days there
    const paid = await paidDaysIn(tx, "email", [current.email]);
    const program = await requireProgramIn(tx, targetProgramId);
    const counts = new ProgramCountChanges();
    // the target's rules may hold it out, and the snooze it brings ends on its day there
    const moved = counts.datedState({ ...current, paidOn: paidOnOf(paid, (d) => d.programId === targetProgramId) }, program);
    tx.delete(linkSlotRef(current.programId, current.email));
    tx.create(target, { linkId: id, programId: targetProgramId, email: current.email });
    tx.update(ref, {
      programId: targetProgramId,
      paidOn: moved.paidOn,
      outByDate: moved.outByDate,
      pastProgramIds: FieldValue.arrayUnion(current.programId),
      updatedAt: FieldValue.serverTimestamp(),
    });
    counts.changed(current, moved).writeIn(tx);
    return true;
  });
  return found ? getLink(id) : null;
}

/**
 * Sets (a day) or ends (null) the owner's snooze, with what it does to its program's active count
 * (not an edit: the admin's order and the CSV's Updated column stay). Null when missing or another's.
 */
export async function setSnooze(id: string, email: string, snoozedUntil: string | null): Promise<LinkRecord | null> {
  const ref = linksCollection().doc(id);
  const found = await db().runTransaction(async (tx) => {
    const current = linkFromSnapshot(await tx.get(ref));
    if (!current || current.email !== email) return false;
    const program = await findProgramIn(tx, current.programId);
    if (!program) {
      tx.update(ref, { snoozedUntil });
      return true;
    }
    // out now and back on its day (or back now): counted so, the program's counts holding until that day
    const counts = new ProgramCountChanges();
    const after = counts.datedState({ ...current, snoozedUntil }, program);
    tx.update(ref, { snoozedUntil, outByDate: after.outByDate });
    counts.changed(current, after).writeIn(tx);
    return true;
  });
  return found ? getLink(id) : null;
}

/**
 * Deletes a link and its slot, if `guard` accepts it, and records the purge of its clicks in the same
 * transaction; the clicks then go in the background (click-purges.store).
 */
export async function deleteLink(id: string, guard: (link: LinkRecord) => boolean = () => true): Promise<boolean> {
  const ref = linksCollection().doc(id);
  const purgeId = await db().runTransaction(async (tx) => {
    const current = linkFromSnapshot(await tx.get(ref));
    if (!current || !guard(current)) return false;
    tx.delete(ref);
    tx.delete(linkSlotRef(current.programId, current.email));
    new ProgramCountChanges().removed(current).writeIn(tx);
    return schedulePurgeIn(tx, [id], "link");
  });
  if (purgeId === false) return false;
  await startPurge(purgeId);
  return true;
}

/** A job's mark on the test it records: its id, and what it writes of the test in the same transaction. */
export interface TestingJob {
  id: string;
  alsoIn: (tx: Transaction) => void;
}

export interface RecordedTest {
  link: LinkRecord;
  /** This test took the link out of the rotation: its owner is to be told (once, see markOwnerTold). */
  becameFailing: boolean;
  /** When its current failing spell began (the test that began it), or null when it is not failing. */
  failingSince: string | null;
  /** This test brought a failing link back: the spell that ended began then. */
  recoveredFrom?: string;
}

/**
 * Records one test of `testedUrl` on the link, with what it does to its health and its program's
 * active count, in one transaction. Null when the link is gone or its address changed during the test
 * (the answer describes another address). A job records each link once (`checkedBy`), with what
 * `alsoIn` writes of it (its progress): a slice the queue retries skips the links it already tested,
 * so a retry never makes two broken tests of one, nor counts one twice.
 */
export async function recordLinkTest(id: string, testedUrl: string, test: LinkTest, job?: TestingJob): Promise<RecordedTest | null> {
  const jobId = job?.id;
  const ref = linksCollection().doc(id);
  return db().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const current = linkFromSnapshot(snap);
    if (!current || current.link !== testedUrl) return null;
    if (jobId !== undefined && snap.get("health.checkedBy") === jobId)
      return { link: current, becameFailing: false, failingSince: failingSinceOf(snap) };
    const { health, becameFailing, recovered } = nextHealth(current.health, test);
    const changes: LinkChanges = { health, testedOffer: test.message, testedAt: new Date(test.at) };
    // beside the contract's fields, the health map keeps which job tested it last and whether the owner was told
    const failingSince = health.status !== "failing" ? null : becameFailing ? test.at : failingSinceOf(snap);
    const kept = {
      checkedBy: jobId ?? snap.get("health.checkedBy") ?? null,
      ownerTold: becameFailing ? false : (snap.get("health.ownerTold") ?? null),
      failingSince,
    };
    tx.update(ref, { ...changes, health: { ...health, ...kept } });
    job?.alsoIn(tx);
    new ProgramCountChanges().changed(current, changed(current, changes)).writeIn(tx);
    const endedSpell = recovered ? (failingSinceOf(snap) ?? current.health.lastTest?.at ?? test.at) : null;
    return { link: changed(current, changes), becameFailing, failingSince, ...(endedSpell ? { recoveredFrom: endedSpell } : {}) };
  });
}

/**
 * When the link's failing spell began: kept beside its health by recordLinkTest; for a spell that began
 * before that was kept, its last test (what names the spell for its one e-mail, link-health.service).
 */
function failingSinceOf(snap: DocumentSnapshot): string | null {
  if (snap.get("health.status") !== "failing") return null;
  const since: unknown = snap.get("health.failingSince");
  if (typeof since === "string") return since;
  const last: unknown = snap.get("health.lastTest.at");
  return typeof last === "string" ? last : "unknown";
}

/** A failing link whose owner is to be told, with the start of its failing spell. */
export interface UntoldLink {
  link: LinkRecord;
  failingSince: string;
}

/** Failing links whose owner has not been told yet (the e-mail failed, or the slice stopped before it). */
export async function failingLinksNotTold(ids: string[]): Promise<UntoldLink[]> {
  if (ids.length === 0) return [];
  const snaps = await db().getAll(...ids.map((id) => linksCollection().doc(id)));
  return snaps
    .filter((s) => s.get("health.status") === "failing" && s.get("health.ownerTold") === false)
    .map((s) => ({ link: linkFromSnapshot(s)!, failingSince: failingSinceOf(s)! }));
}

/** The owner has been told their link is failing: not again in this failing spell. */
export async function markOwnerTold(id: string): Promise<void> {
  await linksCollection().doc(id).update({ "health.ownerTold": true, lastNotifiedAt: FieldValue.serverTimestamp() });
}

/** Approved links no admin has paused or marked dead (failing ones included): what the health check tests. */
const linksToCheck = () => linksCollection().where("approved", "==", true).where("paused", "==", false).where("isDead", "==", false);

export interface LinkToCheck {
  id: string;
  link: string;
  /** The job that tested it last, and that test's outcome: a retried slice counts it instead of testing again. */
  checkedBy: string | null;
  lastOutcome: LinkTest["outcome"] | null;
}

/** The links to check, in id order after `after`. */
export async function linksToCheckAfter(after: string | null, limit: number): Promise<LinkToCheck[]> {
  let query = linksToCheck().orderBy(FieldPath.documentId()).select("link", "health.checkedBy", "health.lastTest.outcome");
  if (after !== null) query = query.startAfter(after);
  const snap = await query.limit(limit).get();
  return snap.docs.map((d) => ({
    id: d.id,
    link: String(d.get("link")),
    checkedBy: str(d.get("health.checkedBy")),
    lastOutcome: (d.get("health.lastTest.outcome") as LinkTest["outcome"] | undefined) ?? null,
  }));
}

export const countLinksToCheck = async (): Promise<number> => (await linksToCheck().count().get()).data().count;

export const countFailingLinksToCheck = async (): Promise<number> =>
  (await linksToCheck().where("health.status", "==", "failing").count().get()).data().count;

/**
 * Balanced mode's marks (rotation.store balanceReturns): `leaving` links are marked away, each of
 * `returning` back with its new offset, in one transaction that writes a mark only where it is still
 * as read (another instance may have written it first).
 */
export async function writeBreakTurns(leaving: readonly string[], returning: ReadonlyMap<string, number>): Promise<void> {
  await db().runTransaction(async (tx) => {
    const snaps = await tx.getAll(...[...leaving, ...returning.keys()].map((id) => linksCollection().doc(id)));
    for (const snap of snaps) {
      if (!snap.exists) continue;
      const offset = returning.get(snap.id);
      if (offset === undefined && snap.get("away") !== true) tx.update(snap.ref, { away: true });
      else if (offset !== undefined && snap.get("away") === true) tx.update(snap.ref, { away: false, balanceOffset: offset });
    }
  });
}
