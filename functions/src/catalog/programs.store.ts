import { FieldValue, type DocumentSnapshot, type Transaction } from "firebase-admin/firestore";
import type { DistributionMode } from "@hub/contract/programs";
import { schedulePurgeIn, startPurge } from "../visits/click-purges.store";
import { COLLECTIONS, db } from "../platform/db";
import { linkSlotRef, programNameRef } from "../platform/keys";
import { linkFromSnapshot, linksCollection, type LinkRecord } from "../links/links.store";
import { str, toIsoOrEpoch } from "../platform/timestamps";
import { countsAsActive, NO_LINKS, ProgramCountChanges } from "../links/link-counts.store";
import { holdsBackLinks } from "../accounts/users.store";

export interface ProgramRecord {
  id: string;
  name: string;
  description: string | null;
  approved: boolean;
  distributionMode: DistributionMode;
  fallbackUrl: string | null;
  isSharedOnSite: boolean;
  /** uid of the member who proposed it; lets them see it before approval. */
  proposedBy: string | null;
  /** Kept with every change of its links (link-counts.store). */
  linkCount: number;
  activeLinkCount: number;
  /** False for a program stored before the counts were kept: recountProgramLinks fills them in. */
  linkCountsKept: boolean;
  createdAt: string;
}

const programs = () => db().collection(COLLECTIONS.programs);

function fromSnapshot(snap: DocumentSnapshot): ProgramRecord | null {
  const d = snap.data();
  if (!d) return null;
  return {
    id: snap.id,
    name: String(d.name),
    description: str(d.description),
    approved: d.approved === true,
    distributionMode: d.distributionMode === "balanced" ? "balanced" : "even",
    fallbackUrl: str(d.fallbackUrl),
    isSharedOnSite: d.isSharedOnSite === true,
    proposedBy: str(d.proposedBy),
    linkCount: typeof d.linkCount === "number" ? d.linkCount : 0,
    activeLinkCount: typeof d.activeLinkCount === "number" ? d.activeLinkCount : 0,
    linkCountsKept: d.linkCountsKept === true,
    createdAt: toIsoOrEpoch(d.createdAt),
  };
}

export class ProgramNameTakenError extends Error {
  constructor(readonly programName: string) {
    super("program name taken");
  }
}
export class ProgramNotFoundError extends Error {
  constructor(readonly programId: string) {
    super("program not found");
  }
}
/** Owners with a link in both programs of a merge. */
export class MergeConflictError extends Error {
  constructor(readonly conflicts: { email: string; sourceLinkId: string; targetLinkId: string }[]) {
    super("merge conflict");
  }
}

export async function getProgram(id: string): Promise<ProgramRecord | null> {
  return fromSnapshot(await programs().doc(id).get());
}

export async function listPrograms(): Promise<ProgramRecord[]> {
  const snap = await programs().get();
  return snap.docs.map((d) => fromSnapshot(d)!);
}

/** The programs on the open /programs page (approved and shared on the site): only their documents are read. */
export async function listSharedPrograms(): Promise<ProgramRecord[]> {
  const snap = await programs().where("approved", "==", true).where("isSharedOnSite", "==", true).get();
  return snap.docs.map((d) => fromSnapshot(d)!);
}

/** These programs (those of a member's links), read by id; unknown ids are left out. */
export async function getProgramsByIds(ids: string[]): Promise<ProgramRecord[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const snaps = await db().getAll(...unique.map((id) => programs().doc(id)));
  return snaps.map(fromSnapshot).filter((p): p is ProgramRecord => p !== null);
}

/**
 * Counts a program's links from the links themselves and their owners' documents, and stores the
 * counts and each link's ownerHeldBack, in one transaction: for programs stored before the counts
 * were kept, and to repair counts written around the app (the demo seed's back-dated states).
 */
export async function recountProgramLinks(programId: string): Promise<ProgramRecord | null> {
  const ref = programs().doc(programId);
  const found = await db().runTransaction(async (tx) => {
    if (!(await tx.get(ref)).exists) return false;
    const links = await linksOfProgramIn(tx, programId);
    const owners = [...new Set(links.map((l) => l.email))];
    const heldBack = new Set<string>();
    for (let i = 0; i < owners.length; i += 30) {
      const snap = await tx.get(db().collection(COLLECTIONS.users).where("username", "in", owners.slice(i, i + 30)));
      snap.docs.filter((d) => holdsBackLinks(d.data())).forEach((d) => heldBack.add(String(d.get("username"))));
    }
    let active = 0;
    for (const link of links) {
      const ownerHeldBack = heldBack.has(link.email);
      if (ownerHeldBack !== link.ownerHeldBack) tx.update(linksCollection().doc(link.id), { ownerHeldBack });
      if (countsAsActive({ ...link, ownerHeldBack })) active++;
    }
    tx.update(ref, { linkCount: links.length, activeLinkCount: active, linkCountsKept: true });
    return true;
  });
  return found ? getProgram(programId) : null;
}

/** Inside a transaction: the program, or ProgramNotFoundError. */
export async function requireProgramIn(tx: Transaction, id: string): Promise<ProgramRecord> {
  const program = fromSnapshot(await tx.get(programs().doc(id)));
  if (!program) throw new ProgramNotFoundError(id);
  return program;
}

export interface NewProgram {
  name: string;
  description: string | null;
  fallbackUrl: string | null;
  approved: boolean;
  proposedBy: string | null;
}

/** Creates a program; its name is reserved in the same transaction (unique, case-insensitive). */
export async function createProgram(program: NewProgram): Promise<ProgramRecord> {
  const ref = programs().doc();
  await db().runTransaction(async (tx) => {
    const nameRef = programNameRef(program.name);
    if ((await tx.get(nameRef)).exists) throw new ProgramNameTakenError(program.name);
    const now = FieldValue.serverTimestamp();
    tx.create(nameRef, { programId: ref.id });
    tx.create(ref, {
      ...program,
      ...NO_LINKS,
      nameLower: program.name.toLowerCase(),
      distributionMode: "even",
      isSharedOnSite: false,
      createdAt: now,
      updatedAt: now,
    });
  });
  return (await getProgram(ref.id))!;
}

export type ProgramChanges = Partial<Pick<ProgramRecord, "name" | "description" | "fallbackUrl" | "approved" | "distributionMode" | "isSharedOnSite">>;

/** Updates a program; a new name moves its reservation in the same transaction. Null when unknown. */
export async function updateProgram(id: string, changes: ProgramChanges): Promise<ProgramRecord | null> {
  const ref = programs().doc(id);
  const found = await db().runTransaction(async (tx) => {
    const current = fromSnapshot(await tx.get(ref));
    if (!current) return false;
    const renamed = changes.name !== undefined && changes.name.toLowerCase() !== current.name.toLowerCase();
    if (renamed) {
      const newNameRef = programNameRef(changes.name!);
      if ((await tx.get(newNameRef)).exists) throw new ProgramNameTakenError(changes.name!);
      tx.delete(programNameRef(current.name));
      tx.create(newNameRef, { programId: id });
    }
    const nameLower = changes.name !== undefined ? { nameLower: changes.name.toLowerCase() } : {};
    tx.update(ref, { ...changes, ...nameLower, updatedAt: FieldValue.serverTimestamp() });
    return true;
  });
  return found ? getProgram(id) : null;
}

async function linksOfProgramIn(tx: Transaction, programId: string): Promise<LinkRecord[]> {
  const snap = await tx.get(linksCollection().where("programId", "==", programId));
  return snap.docs.map((d) => linkFromSnapshot(d)!);
}

/**
 * Deletes a program with its links (and their slots) in one transaction, which also records the purge
 * of their clicks; the clicks then go in the background (click-purges.store).
 */
export async function deleteProgram(id: string): Promise<boolean> {
  const ref = programs().doc(id);
  const purgeId = await db().runTransaction(async (tx) => {
    const current = fromSnapshot(await tx.get(ref));
    if (!current) return false;
    const links = await linksOfProgramIn(tx, id);
    for (const link of links) {
      tx.delete(linksCollection().doc(link.id));
      tx.delete(linkSlotRef(id, link.email));
    }
    tx.delete(programNameRef(current.name));
    tx.delete(ref);
    return schedulePurgeIn(tx, links.map((l) => l.id), "program");
  });
  if (purgeId === false) return false;
  await startPurge(purgeId);
  return true;
}

/**
 * Moves every link of `sourceId` into `targetId` and deletes the source, in one transaction. If an
 * owner has a link in both, nothing changes and MergeConflictError lists them.
 */
export async function mergePrograms(sourceId: string, targetId: string): Promise<{ movedLinks: number }> {
  return db().runTransaction(async (tx) => {
    const source = await requireProgramIn(tx, sourceId);
    await requireProgramIn(tx, targetId);
    const sourceLinks = await linksOfProgramIn(tx, sourceId);
    const targetByOwner = new Map((await linksOfProgramIn(tx, targetId)).map((l) => [l.email, l]));
    // The slots are what tx.create below would collide with, so they decide, not just the links read.
    const slots = sourceLinks.length > 0 ? await tx.getAll(...sourceLinks.map((l) => linkSlotRef(targetId, l.email))) : [];
    const conflicts = sourceLinks
      .filter((l, i) => targetByOwner.has(l.email) || slots[i]?.exists)
      .map((l, i) => ({ email: l.email, sourceLinkId: l.id, targetLinkId: targetByOwner.get(l.email)?.id ?? String(slots[i]?.get("linkId") ?? "") }));
    if (conflicts.length > 0) throw new MergeConflictError(conflicts);
    const counts = new ProgramCountChanges();
    for (const link of sourceLinks) {
      counts.added({ ...link, programId: targetId });
      tx.update(linksCollection().doc(link.id), { programId: targetId, pastProgramIds: FieldValue.arrayUnion(link.programId), updatedAt: FieldValue.serverTimestamp() });
      tx.delete(linkSlotRef(sourceId, link.email));
      tx.create(linkSlotRef(targetId, link.email), { linkId: link.id, programId: targetId, email: link.email });
    }
    counts.writeIn(tx);
    tx.delete(programNameRef(source.name));
    tx.delete(programs().doc(sourceId));
    return { movedLinks: sourceLinks.length };
  });
}
