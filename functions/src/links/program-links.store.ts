import { FieldValue, type Transaction } from "firebase-admin/firestore";
import { ownersHeldBackIn } from "../accounts/users.store";
import { deleteProgramIn, findProgramIn, getProgram, requireProgramIn, type ProgramRecord } from "../catalog/programs.store";
import { followMergeIn } from "../catalog/program-slugs.store";
import { db } from "../platform/db";
import { linkSlotRef } from "./link-slots.store";
import { schedulePurgeIn, startPurge } from "../visits/click-purges.store";
import { countsAsActive, earlier, ProgramCountChanges, setProgramCountsIn } from "./link-counts.store";
import { datedState } from "./link-availability";
import { linkFromSnapshot, linksCollection, type LinkRecord } from "./links.store";
import { paidDaysIn, paidOnOf } from "./paid-days.store";
import { setPaidDaysIn } from "./owner-links.store";

/**
 * What happens to a program's links when the program goes or merges into another: the links' side of
 * those changes, in the same transaction as the program's (catalog/programs.store's ...In functions).
 */

/** Owners with a link in both programs of a merge. */
export class MergeConflictError extends Error {
  constructor(
    readonly conflicts: { email: string; sourceLinkId: string; targetLinkId: string }[],
    /** The two programs' names, for a message that names them. */
    readonly programs: { source: string; target: string },
  ) {
    super("merge conflict");
  }
}

async function linksOfProgramIn(tx: Transaction, programId: string): Promise<LinkRecord[]> {
  const snap = await tx.get(linksCollection().where("programId", "==", programId));
  return snap.docs.map((d) => linkFromSnapshot(d)!);
}

/**
 * Deletes a program with its links (and their slots) in one transaction, which also records the purge
 * of their clicks; the clicks then go in the background (click-purges.store). Its slugs stay, leading
 * nowhere, so no other program can ever take them (catalog/program-slugs.store).
 */
export async function deleteProgram(id: string): Promise<boolean> {
  const purgeId = await db().runTransaction(async (tx) => {
    const current = await findProgramIn(tx, id);
    if (!current) return false;
    const links = await linksOfProgramIn(tx, id);
    for (const link of links) {
      tx.delete(linksCollection().doc(link.id));
      tx.delete(linkSlotRef(id, link.email));
    }
    deleteProgramIn(tx, current);
    return schedulePurgeIn(
      tx,
      links.map((l) => l.id),
      "program",
    );
  });
  if (purgeId === false) return false;
  await startPurge(purgeId);
  return true;
}

/**
 * Moves every link of `sourceId` into `targetId` and deletes the source, in one transaction. If an
 * owner has a link in both, nothing changes and MergeConflictError lists them.
 */
/**
 * What else moves with a merge, in its transaction: called after the merge's reads and before its
 * writes (to read), it answers what to write after them (the outcomes and their roll-ups).
 */
export type MergeFollower = (tx: Transaction) => Promise<() => void>;

export async function mergePrograms(sourceId: string, targetId: string, follower?: MergeFollower): Promise<{ movedLinks: number }> {
  return db().runTransaction(async (tx) => {
    const source = await requireProgramIn(tx, sourceId);
    const target = await requireProgramIn(tx, targetId);
    const sourceLinks = await linksOfProgramIn(tx, sourceId);
    const targetByOwner = new Map((await linksOfProgramIn(tx, targetId)).map((l) => [l.email, l]));
    // The slots are what tx.create below would collide with, so they decide, not just the links read.
    const slots = sourceLinks.length > 0 ? await tx.getAll(...sourceLinks.map((l) => linkSlotRef(targetId, l.email))) : [];
    const conflicts = sourceLinks
      .filter((l, i) => targetByOwner.has(l.email) || slots[i]?.exists)
      .map((l, i) => ({
        email: l.email,
        sourceLinkId: l.id,
        targetLinkId: targetByOwner.get(l.email)?.id ?? String(slots[i]?.get("linkId") ?? ""),
      }));
    if (conflicts.length > 0) throw new MergeConflictError(conflicts, { source: source.name, target: target.name });
    // the source's outcomes move to the target: each owner's paid days there are those of both
    const paid = await paidDaysIn(tx, "programId", [sourceId, targetId]);
    const writeFollowers = await follower?.(tx);
    // the source's slugs, current and past, lead to the target from now on: printed codes keep working
    const moveSlugs = await followMergeIn(tx, sourceId, targetId);
    const counts = new ProgramCountChanges();
    const paidOn = (link: LinkRecord) => paidOnOf(paid, (d) => d.email === link.email);
    setPaidDaysIn(tx, [...targetByOwner.values()], paidOn, new Map([[targetId, target]]), counts);
    for (const link of sourceLinks) {
      // the target's rules decide whether the links it takes in are held out by date
      const moved = counts.datedState({ ...link, paidOn: paidOn(link) }, target);
      counts.added(moved);
      tx.update(linksCollection().doc(link.id), {
        programId: targetId,
        paidOn: moved.paidOn,
        outByDate: moved.outByDate,
        pastProgramIds: FieldValue.arrayUnion(link.programId),
        updatedAt: FieldValue.serverTimestamp(),
      });
      tx.delete(linkSlotRef(sourceId, link.email));
      tx.create(linkSlotRef(targetId, link.email), { linkId: link.id, programId: targetId, email: link.email });
    }
    counts.writeIn(tx);
    writeFollowers?.();
    moveSlugs();
    deleteProgramIn(tx, source);
    return { movedLinks: sourceLinks.length };
  });
}

/** What a recount found besides the counts: for the day's turn. */
export interface DayCount {
  /** Snoozes over by today, cleared (only when asked to). */
  snoozesEnded: number;
  /** The owners of the program's active links. */
  activeOwners: string[];
}

/**
 * Counts a program's links from the links themselves, their owners' documents and today's date, and
 * stores the counts, each link's ownerHeldBack and outByDate, and until when the counts hold (the
 * first day a date-derived reason may change), in one transaction: for programs stored before the
 * counts were kept, when that day has come or a rule changed, for the daily job, and to repair counts
 * written around the app (the demo seed's back-dated states). `clearEndedSnoozes`: the daily job's
 * turn also clears snoozes that are over (what every read derives already).
 */
async function recountIn(programId: string, today: string, clearEndedSnoozes: boolean): Promise<DayCount | null> {
  return db().runTransaction(async (tx) => {
    const program = await findProgramIn(tx, programId);
    if (!program) return null;
    const links = await linksOfProgramIn(tx, programId);
    const heldBack = await ownersHeldBackIn(
      tx,
      links.map((l) => l.email),
    );
    let snoozesEnded = 0;
    let countsValidUntil: string | null = null;
    const counted = links.map((link) => {
      const dated = datedState({ link, program }, today);
      const kept = { ownerHeldBack: heldBack.has(link.email), outByDate: dated.outByDate };
      const snoozeOver = clearEndedSnoozes && dated.snoozeOver;
      if (snoozeOver) snoozesEnded += 1;
      if (kept.ownerHeldBack !== link.ownerHeldBack || kept.outByDate !== link.outByDate || snoozeOver)
        tx.update(linksCollection().doc(link.id), { ...kept, ...(snoozeOver ? { snoozedUntil: null } : {}) });
      countsValidUntil = earlier(countsValidUntil, dated.nextChange);
      return { ...link, ...kept };
    });
    setProgramCountsIn(tx, programId, counted, countsValidUntil);
    return { snoozesEnded, activeOwners: [...new Set(counted.filter(countsAsActive).map((l) => l.email))] };
  });
}

/** The program's counts, counted afresh as of `today` (see recountIn); null when it does not exist. */
export async function recountProgramLinks(programId: string, today: string): Promise<ProgramRecord | null> {
  return (await recountIn(programId, today, false)) ? getProgram(programId) : null;
}

/** The daily job's recount: also clears the snoozes that are over; null when the program does not exist. */
export const recountForDay = (programId: string, today: string): Promise<DayCount | null> => recountIn(programId, today, true);
