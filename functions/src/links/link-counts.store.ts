import type { Transaction } from "firebase-admin/firestore";
import { utcDay } from "@hub/contract/dates";
import { addLinkCountsIn, findProgramIn, setLinkCountsIn, type ProgramRecord } from "../catalog/programs.store";
import { COLLECTIONS, db } from "../platform/db";
import { datedState, type DatedFacts } from "./link-availability";

/**
 * Each program document keeps `linkCount` and `activeLinkCount`, so the program lists read one
 * document per program instead of every link and every user. Every transaction that adds, removes or
 * changes a link, or changes whether its owner may be in the rotation, adds its difference here and
 * writes it with its own writes: the counts change with what they count, or not at all.
 *
 * What the date alone changes (a cap resuming, a snooze or an offer ending) no write sees: each link
 * keeps whether a date-derived reason held it out (`outByDate`), worked out by every write that changes
 * what decides it (datedState), and each program the first day one of those may change for any of its
 * links (`countsValidUntil`); a read on or after that day counts the program afresh
 * (program-links.store recountProgramLinks). One mechanism: differences, and the day they hold until.
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

/** A program as counting reads it, in the transaction that changes its links: its rules, and until when its counts hold. */
export type CountingProgram = Pick<ProgramRecord, "id" | "referrerCap" | "offerEndsOn" | "countsValidUntil">;

/** Inside a transaction, before its writes: the programs of these ids that exist, as counting reads them. */
export async function countingProgramsIn(tx: Transaction, ids: Iterable<string>): Promise<ReadonlyMap<string, CountingProgram>> {
  const found = await Promise.all([...new Set(ids)].map((id) => findProgramIn(tx, id)));
  return new Map(found.filter((p) => p !== null).map((p) => [p.id, p]));
}

/** The earlier of two days, null being none (never). */
export const earlier = (a: string | null, b: string | null): string | null => (a === null ? b : b === null || a < b ? a : b);

/** The differences one transaction makes to its programs' counts, summed per program, and until when they hold. */
export class ProgramCountChanges {
  private readonly deltas = new Map<string, { links: number; active: number }>();
  private readonly holdUntil = new Map<string, string | null>();

  /** `today`: the UTC day the transaction's dated states are worked out for. */
  constructor(private readonly today = utcDay(new Date())) {}

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
   * The link in `program` after a change of what its dates decide (its snooze, its paid days, the
   * program it is in): whether a date-derived reason holds it out today under the program's rules; and
   * the program's counts hold no later than the next day that may change. The caller counts it
   * (added, changed) and writes its `outByDate` on the link, in the same transaction.
   */
  datedState<L extends CountedLink & DatedFacts["link"]>(link: L, program: CountingProgram): L {
    const { outByDate, nextChange } = datedState({ link, program }, this.today);
    const held = this.holdUntil.has(program.id) ? this.holdUntil.get(program.id)! : program.countsValidUntil;
    this.holdUntil.set(program.id, earlier(held, nextChange));
    return { ...link, programId: program.id, outByDate };
  }

  /**
   * Writes the differences as increments (concurrent transactions add up), with the day they hold until
   * where it came closer; and raises the program's `linkSetVersion`: a link came, went or changed in it,
   * so what was summed over its links before (analytics' click windows) is out of date.
   */
  writeIn(tx: Transaction): void {
    for (const programId of new Set([...this.deltas.keys(), ...this.holdUntil.keys()])) {
      const { links, active } = this.deltas.get(programId) ?? { links: 0, active: 0 };
      const until = this.holdUntil.has(programId) ? { countsValidUntil: this.holdUntil.get(programId)! } : {};
      if (links === 0 && active === 0 && !this.holdUntil.has(programId)) continue;
      addLinkCountsIn(tx, programId, { links, active, ...until });
    }
  }
}

/**
 * Writes a program's counts outright, from every one of its links read in the same transaction (a
 * recount): from then on ProgramCountChanges keeps them, until `countsValidUntil` (the first day a
 * date-derived reason of one of its links may change; null: none). `linkCountsKept` marks programs
 * counted at least once (catalog/programs.store reads those stored before as due for a count).
 */
export function setProgramCountsIn(tx: Transaction, programId: string, links: CountedLink[], countsValidUntil: string | null): void {
  setLinkCountsIn(tx, programId, { links: links.length, active: links.filter(countsAsActive).length, countsValidUntil });
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
