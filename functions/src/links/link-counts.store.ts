import { FieldValue, type Transaction } from "firebase-admin/firestore";
import { COLLECTIONS, db } from "../platform/db";

/**
 * Each program document keeps `linkCount` and `activeLinkCount`, so the program lists read one
 * document per program instead of every link and every user. Every transaction that adds, removes or
 * changes a link, or changes whether its owner may be in the rotation, adds its difference here and
 * writes it with its own writes: the counts change with what they count, or not at all.
 */

/** What decides whether a link counts, and where. */
export interface CountedLink {
  programId: string;
  approved: boolean;
  paused: boolean;
  isDead: boolean;
  /** Its owner is blocked or without an active subscription (users.store holdsBackLinks), kept on the link. */
  ownerHeldBack: boolean;
  /** Link health took it out of the rotation (health.status failing). */
  failing: boolean;
  /**
   * A date-derived reason (link-availability: its cap, its snooze, its offer's end) held it out when
   * its program was last counted. Kept on the link, like ownerHeldBack, so every transaction's
   * difference agrees with the count; the program's `countsValidUntil` says when it may go stale.
   */
  outByDate: boolean;
}

/**
 * Active: approved, not paused, not dead, not failing, its owner neither blocked nor without a
 * subscription, and no date-derived reason holding it out (the contract's definition).
 */
export const countsAsActive = (link: CountedLink) =>
  link.approved && !link.paused && !link.isDead && !link.failing && !link.ownerHeldBack && !link.outByDate;

/** The differences one transaction makes to its programs' counts, summed per program. */
export class ProgramCountChanges {
  private readonly deltas = new Map<string, { links: number; active: number }>();
  private readonly due = new Set<string>();

  private add(programId: string, links: number, active: number) {
    const delta = this.deltas.get(programId) ?? { links: 0, active: 0 };
    this.deltas.set(programId, { links: delta.links + links, active: delta.active + active });
  }

  added(link: CountedLink): this {
    this.add(link.programId, 1, countsAsActive(link) ? 1 : 0);
    return this;
  }

  removed(link: CountedLink): this {
    this.add(link.programId, -1, countsAsActive(link) ? -1 : 0);
    return this;
  }

  changed(before: CountedLink, after: CountedLink): this {
    return this.removed(before).added(after);
  }

  /**
   * The program's counts are to be counted afresh on its next read (programs.service withCounts): a
   * change whose date-derived effects these differences cannot see (a link brought in with its
   * snooze, a rule changed).
   */
  recountLater(programId: string): this {
    this.due.add(programId);
    return this;
  }

  /** Writes the differences as increments (concurrent transactions add up). */
  writeIn(tx: Transaction): void {
    for (const programId of new Set([...this.deltas.keys(), ...this.due])) {
      const { links, active } = this.deltas.get(programId) ?? { links: 0, active: 0 };
      const due = this.due.has(programId) ? { linkCountsKept: false } : {};
      if (links === 0 && active === 0 && !this.due.has(programId)) continue;
      tx.update(db().collection(COLLECTIONS.programs).doc(programId), {
        linkCount: FieldValue.increment(links),
        activeLinkCount: FieldValue.increment(active),
        ...due,
      });
    }
  }
}

/**
 * Writes a program's counts outright, from every one of its links read in the same transaction (a
 * recount), and marks them kept: from then on ProgramCountChanges keeps them, until
 * `countsValidUntil` (the first day a date-derived reason of one of its links may change; null: none).
 */
export function setProgramCountsIn(tx: Transaction, programId: string, links: CountedLink[], countsValidUntil: string | null): void {
  tx.update(db().collection(COLLECTIONS.programs).doc(programId), {
    linkCount: links.length,
    activeLinkCount: links.filter(countsAsActive).length,
    linkCountsKept: true,
    countsValidUntil,
  });
}

/** A link as counting sees it. */
export interface OwnedLink extends CountedLink {
  id: string;
}

/** Inside a transaction, before its writes: the links of this owner e-mail, as counting sees them. */
export async function ownerLinksIn(tx: Transaction, email: string): Promise<OwnedLink[]> {
  const snap = await tx.get(db().collection(COLLECTIONS.links).where("email", "==", email));
  return snap.docs.map((d) => ({
    id: d.id,
    programId: String(d.get("programId")),
    approved: d.get("approved") === true,
    paused: d.get("paused") === true,
    isDead: d.get("isDead") === true,
    ownerHeldBack: d.get("ownerHeldBack") === true,
    failing: d.get("health.status") === "failing",
    outByDate: d.get("outByDate") === true,
  }));
}

/**
 * The owner's links leave (or rejoin) the rotation with their owner: each link's ownerHeldBack and
 * its program's active count, in the transaction that changes the owner. Not an edit of the link
 * (its updatedAt stays). The caller writes `counts` once, after all its owners: a transaction writes
 * each program document once.
 */
export function setOwnerHeldBackIn(tx: Transaction, links: OwnedLink[], ownerHeldBack: boolean, counts: ProgramCountChanges): void {
  for (const link of links.filter((l) => l.ownerHeldBack !== ownerHeldBack)) {
    tx.update(db().collection(COLLECTIONS.links).doc(link.id), { ownerHeldBack });
    counts.changed(link, { ...link, ownerHeldBack });
  }
}

/**
 * Inside a transaction, before its writes: when a change of the owner moves their links out of the
 * rotation or back, reads those links and writes their new state and their programs' counts.
 */
export async function ownerHeldBackChangeIn(tx: Transaction, email: string, before: boolean, after: boolean): Promise<void> {
  if (before === after) return;
  const counts = new ProgramCountChanges();
  setOwnerHeldBackIn(tx, await ownerLinksIn(tx, email), after, counts);
  counts.writeIn(tx);
}
