import { FieldValue, type Transaction } from "firebase-admin/firestore";
import { linkSlotRef } from "./link-slots.store";
import { linkFromSnapshot, linksCollection, type LinkRecord } from "./links.store";
import type { CountingProgram, ProgramCountChanges } from "./link-counts.store";

/*
 * What changes of an owner (an e-mail change, a block, an account merge, a deletion) and of their
 * paid days do to their links, written in the caller's transaction: link documents and their slots
 * are written only in links/, whatever starts the change.
 */

/** Inside a transaction, before its writes: every link of this owner e-mail. */
export async function linksOfOwnerIn(tx: Transaction, email: string): Promise<LinkRecord[]> {
  return (await tx.get(linksCollection().where("email", "==", email))).docs.map((d) => linkFromSnapshot(d)!);
}

/**
 * The links become `email`'s (a change of e-mail, a merge of accounts), each with its slot under the
 * new owner. What else a merge changes (the owner's standing, the paid days of both accounts) the
 * caller writes with setOwnerHeldBackIn and setPaidDaysIn.
 */
export function giveLinksToOwnerIn(tx: Transaction, links: readonly LinkRecord[], email: string): void {
  for (const link of links) {
    tx.update(linksCollection().doc(link.id), { email, updatedAt: FieldValue.serverTimestamp() });
    tx.delete(linkSlotRef(link.programId, link.email));
    tx.set(linkSlotRef(link.programId, email), { linkId: link.id, programId: link.programId, email });
  }
}

/**
 * A block pauses the owner's links, marking those it paused, so that an unblock unpauses exactly
 * those (not links paused for other reasons); each link's ownerHeldBack follows the owner, and
 * `counts` what that does to its program's active count.
 */
export function setBlockedLinksIn(
  tx: Transaction,
  links: readonly LinkRecord[],
  blocked: boolean,
  ownerHeldBack: boolean,
  counts: ProgramCountChanges,
) {
  for (const link of links) {
    const target = linksCollection().doc(link.id);
    const pause =
      blocked && !link.paused
        ? { paused: true, pausedByBlock: true }
        : !blocked && link.pausedByBlock
          ? { paused: false, pausedByBlock: false }
          : null;
    if (pause) tx.update(target, { ...pause, ownerHeldBack, updatedAt: FieldValue.serverTimestamp() });
    else if (link.ownerHeldBack !== ownerHeldBack) tx.update(target, { ownerHeldBack });
    counts.changed(link, { ...link, ...pause, ownerHeldBack });
  }
}

/** Deletes the links with their slots (their owner is deleted); `counts` takes them off their programs. */
export function deleteLinksIn(tx: Transaction, links: readonly LinkRecord[], counts: ProgramCountChanges): void {
  for (const link of links) {
    tx.delete(linksCollection().doc(link.id));
    tx.delete(linkSlotRef(link.programId, link.email));
    counts.removed(link);
  }
}

/**
 * Writes the links' new paid days where they changed (outcomes/paid-days.store paidOnToStore made
 * them): a cap reached or lifted, now or on a later day, worked out under each link's program
 * (`programs`, from countingProgramsIn) and added to `counts`. `links` as they stand in the
 * transaction so far (after an owner's change setOwnerHeldBackIn counted).
 */
export function setPaidDaysIn(
  tx: Transaction,
  links: readonly LinkRecord[],
  paidOn: (link: LinkRecord) => string[],
  programs: ReadonlyMap<string, CountingProgram>,
  counts: ProgramCountChanges,
) {
  for (const link of links) {
    const days = paidOn(link);
    if (days.join() === link.paidOn.join()) continue;
    const program = programs.get(link.programId);
    const after = program ? counts.datedState({ ...link, paidOn: days }, program) : { ...link, paidOn: days };
    tx.update(linksCollection().doc(link.id), { paidOn: days, outByDate: after.outByDate });
    counts.changed(link, after);
  }
}
