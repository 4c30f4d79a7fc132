import { FieldValue, type DocumentSnapshot, type Transaction } from "firebase-admin/firestore";
import type { DistributionMode } from "@hub/contract/programs";
import { COLLECTIONS, db } from "../platform/db";
import { programNameRef } from "../platform/keys";
import { str, toIsoOrEpoch } from "../platform/timestamps";

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
  /** Kept with every change of its links (links/link-counts.store). */
  linkCount: number;
  activeLinkCount: number;
  /** False for a program stored before the counts were kept: links/program-links.store recounts them. */
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

/** Inside a transaction: the program, or ProgramNotFoundError. */
export async function requireProgramIn(tx: Transaction, id: string): Promise<ProgramRecord> {
  const program = await findProgramIn(tx, id);
  if (!program) throw new ProgramNotFoundError(id);
  return program;
}

/** The counts of a program with no links, written when it is created. */
const NO_LINKS = { linkCount: 0, activeLinkCount: 0, linkCountsKept: true } as const;

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

export type ProgramChanges = Partial<
  Pick<ProgramRecord, "name" | "description" | "fallbackUrl" | "approved" | "distributionMode" | "isSharedOnSite">
>;

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

/**
 * Inside a transaction, after its reads: the program goes, with its name's reservation. What hangs off
 * it (its links, their clicks) is the caller's to remove in the same transaction.
 */
export function deleteProgramIn(tx: Transaction, program: Pick<ProgramRecord, "id" | "name">): void {
  tx.delete(programNameRef(program.name));
  tx.delete(programs().doc(program.id));
}

/** Inside a transaction: the program's document, or null when there is none (read before any write). */
export async function findProgramIn(tx: Transaction, id: string): Promise<ProgramRecord | null> {
  return fromSnapshot(await tx.get(programs().doc(id)));
}
