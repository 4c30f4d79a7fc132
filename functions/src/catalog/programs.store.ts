import { FieldPath, FieldValue, type DocumentSnapshot, type Transaction } from "firebase-admin/firestore";
import type { DistributionMode, ReferrerCap } from "@hub/contract/programs";
import type { WatchFor } from "@hub/contract/terms";
import { utcDay } from "@hub/contract/dates";
import { COLLECTIONS, db } from "../platform/db";
import { sha256 } from "../platform/keys";
import { str, toIsoOrEpoch } from "../platform/timestamps";
import { changeSlugIn, createSlugIn, freeSlugIn } from "./program-slugs.store";
import { termsWatchOf, type TermsWatch } from "./terms-watch-record";
import type { ProgramExistsIn } from "../visits/visit-fold.store";

export interface ProgramRecord {
  id: string;
  name: string;
  description: string | null;
  approved: boolean;
  distributionMode: DistributionMode;
  fallbackUrl: string | null;
  isSharedOnSite: boolean;
  /** Its short address's name (`/r/{slug}`): given when it is approved, null before (program-slugs.store). */
  slug: string | null;
  /** uid of the member who proposed it; lets them see it before approval. */
  proposedBy: string | null;
  /** Kept with every change of its links (links/link-counts.store). */
  linkCount: number;
  activeLinkCount: number;
  /**
   * The first day its kept counts may be wrong (a cap resuming, a snooze or its offer ending, a rule
   * changed: links/link-counts.store): counted afresh on a read from then; null: they hold.
   */
  countsValidUntil: string | null;
  createdAt: string;
  /** Program rules (docs/architecture.md, *Program rules*): the bank's cap on one referrer, the offer's last day (UTC), its terms. */
  referrerCap: ReferrerCap | null;
  offerEndsOn: string | null;
  termsUrl: string | null;
  /** What makes the terms watch call the page changed: any text, or only its figures (the admin's). */
  watchFor: WatchFor;
  /** What the terms watch knows of the page (catalog/terms-versions.store); null before its first read. */
  termsWatch: TermsWatch | null;
  /**
   * Paid outcomes members recorded in the program, by the year they are dated in (kept by the outcomes'
   * own transactions): what the open page's `paidReferralsThisYear` reads, with no document beyond the program's.
   */
  paidByYear: Record<string, number>;
}

function paidByYearOf(value: unknown): Record<string, number> {
  if (typeof value !== "object" || value === null) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, number] => typeof e[1] === "number"));
}

export function referrerCapOf(value: unknown): ReferrerCap | null {
  if (typeof value !== "object" || value === null) return null;
  const { count, period } = value as { count?: unknown; period?: unknown };
  if (typeof count !== "number" || (period !== "calendar-year" && period !== "rolling-12-months")) return null;
  return { count, period };
}

const programs = () => db().collection(COLLECTIONS.programs);
/** program_names/{sha256 of the lower-cased name}: makes names unique inside the transactions that create or rename a program. */
const programNameRef = (name: string) => db().collection(COLLECTIONS.programNames).doc(sha256(name.trim().toLowerCase()));

/** A program stored before its counts were kept (no `linkCountsKept`) is due for a count from any day. */
const COUNTS_NEVER_KEPT = "0000-01-01";

/** Until when a program document's kept counts hold (ProgramRecord's `countsValidUntil`). */
export const countsValidUntilOf = (d: { linkCountsKept?: unknown; countsValidUntil?: unknown }): string | null =>
  d.linkCountsKept === true ? str(d.countsValidUntil) : COUNTS_NEVER_KEPT;

/** The kept counts hold: no rule changed and no date changed a link's state since they were counted (links/link-counts.store). */
/** The catalog's side of the nightly folds (visits/visit-fold.store ProgramExistsIn): whether the program exists, in their transaction. */
export const programExistsIn: ProgramExistsIn = async (tx, programId) => (await tx.get(programs().doc(programId))).exists;

export const countsHold = (p: Pick<ProgramRecord, "countsValidUntil">, today: string): boolean =>
  p.countsValidUntil === null || today < p.countsValidUntil;

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
    slug: str(d.slug),
    proposedBy: str(d.proposedBy),
    linkCount: typeof d.linkCount === "number" ? d.linkCount : 0,
    activeLinkCount: typeof d.activeLinkCount === "number" ? d.activeLinkCount : 0,
    countsValidUntil: countsValidUntilOf(d),
    createdAt: toIsoOrEpoch(d.createdAt),
    referrerCap: referrerCapOf(d.referrerCap),
    offerEndsOn: str(d.offerEndsOn),
    termsUrl: str(d.termsUrl),
    watchFor: d.watchFor === "figures" ? "figures" : "text",
    termsWatch: termsWatchOf(d.termsWatch),
    paidByYear: paidByYearOf(d.paidByYear),
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

/** Programs in id order after `after` (null: from the first), at most `limit`: for jobs that walk them all. */
export async function listProgramsAfter(after: string | null, limit: number): Promise<ProgramRecord[]> {
  let query = programs().orderBy(FieldPath.documentId());
  if (after !== null) query = query.startAfter(after);
  return (await query.limit(limit).get()).docs.map((d) => fromSnapshot(d)!);
}

export const countPrograms = async (): Promise<number> => (await programs().count().get()).data().count;
export const countApprovedPrograms = async (): Promise<number> =>
  (await programs().where("approved", "==", true).count().get()).data().count;

/** A member's programs: the approved ones and those they proposed, read by two queries (never the whole collection). */
export async function listProgramsForMember(uid: string): Promise<ProgramRecord[]> {
  const [approved, proposed] = await Promise.all([programs().where("approved", "==", true).get(), waitingProposalsOf(uid).get()]);
  return [...approved.docs, ...proposed.docs].map((d) => fromSnapshot(d)!);
}

/** The programs a member proposed that still wait for approval. */
const waitingProposalsOf = (uid: string) => programs().where("proposedBy", "==", uid).where("approved", "==", false);

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
const NO_LINKS = { linkCount: 0, activeLinkCount: 0, linkCountsKept: true, countsValidUntil: null } as const;

export interface NewProgram {
  name: string;
  description: string | null;
  fallbackUrl: string | null;
  approved: boolean;
  proposedBy: string | null;
  /** Program rules (an admin's; none when left out). */
  referrerCap?: ReferrerCap | null;
  offerEndsOn?: string | null;
  termsUrl?: string | null;
}

/** The member already has `limit` proposals waiting for approval. */
export class ProposalLimitError extends Error {
  constructor(readonly limit: number) {
    super("proposal limit reached");
  }
}

/**
 * Creates a program; its name is reserved in the same transaction (unique, case-insensitive), and an
 * approved one (an admin's) is given its slug there too. A
 * member's proposal (`proposedBy`) is refused with ProposalLimitError when `waitingLimit` of theirs
 * wait already: counted in the transaction, which also writes the member's proposal lock, so two
 * parallel proposals run one after the other and the second counts the first.
 */
export async function createProgram(program: NewProgram, waitingLimit?: number): Promise<ProgramRecord> {
  const ref = programs().doc();
  await db().runTransaction(async (tx) => {
    const nameRef = programNameRef(program.name);
    const proposer = program.approved ? null : program.proposedBy;
    const lockRef = proposer ? db().collection(COLLECTIONS.proposalLocks).doc(proposer) : null;
    if (proposer && lockRef && waitingLimit !== undefined) {
      await tx.get(lockRef);
      if ((await tx.get(waitingProposalsOf(proposer))).size >= waitingLimit) throw new ProposalLimitError(waitingLimit);
    }
    if ((await tx.get(nameRef)).exists) throw new ProgramNameTakenError(program.name);
    const slug = program.approved ? await freeSlugIn(tx, { id: ref.id, name: program.name }) : null;
    const now = FieldValue.serverTimestamp();
    if (lockRef) tx.set(lockRef, { lastProposalAt: now });
    tx.create(nameRef, { programId: ref.id });
    if (slug !== null) createSlugIn(tx, slug, ref.id);
    tx.create(ref, {
      ...program,
      slug,
      referrerCap: program.referrerCap ?? null,
      offerEndsOn: program.offerEndsOn ?? null,
      termsUrl: program.termsUrl ?? null,
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
  Pick<
    ProgramRecord,
    | "name"
    | "description"
    | "fallbackUrl"
    | "approved"
    | "distributionMode"
    | "isSharedOnSite"
    | "referrerCap"
    | "offerEndsOn"
    | "termsUrl"
    | "watchFor"
  >
> & {
  /** A new short address (the admin's); the previous one keeps leading to the program. */
  slug?: string;
};

/** A slug was asked for a program not approved: it gets one when it is approved, from its name. */
export class SlugBeforeApprovalError extends Error {
  constructor() {
    super("slug before approval");
  }
}

/** The rules whose change can take links out of the rotation or bring them back (a cap, an offer's end). */
const COUNTED_RULES = ["referrerCap", "offerEndsOn"] as const;

/**
 * Updates a program; a new name moves its reservation in the same transaction. A program approved
 * (now or before, when it has no slug yet) is given its slug from its name; an admin's new slug
 * becomes current, the previous one kept (SlugTakenError when another program has or had it,
 * SlugBeforeApprovalError before approval). A new name never changes the slug. Null when unknown.
 */
export async function updateProgram(id: string, changes: ProgramChanges): Promise<ProgramRecord | null> {
  const ref = programs().doc(id);
  const found = await db().runTransaction(async (tx) => {
    const current = fromSnapshot(await tx.get(ref));
    if (!current) return false;
    const { slug: wanted, ...fields } = changes;
    // every read before the first write (a transaction's rule)
    const renamed = changes.name !== undefined && changes.name.toLowerCase() !== current.name.toLowerCase();
    const newNameRef = renamed ? programNameRef(changes.name!) : null;
    if (newNameRef && (await tx.get(newNameRef)).exists) throw new ProgramNameTakenError(changes.name!);
    const approved = changes.approved ?? current.approved;
    let slug = current.slug;
    let writeSlug: (() => void) | null = null;
    if (wanted !== undefined && wanted !== current.slug) {
      if (!approved) throw new SlugBeforeApprovalError();
      writeSlug = await changeSlugIn(tx, id, current.slug, wanted);
      slug = wanted;
    } else if (approved && current.slug === null) {
      const given = await freeSlugIn(tx, { id, name: changes.name ?? current.name });
      writeSlug = () => createSlugIn(tx, given, id);
      slug = given;
    }
    if (newNameRef) {
      tx.delete(programNameRef(current.name));
      tx.create(newNameRef, { programId: id });
    }
    writeSlug?.();
    const nameLower = changes.name !== undefined ? { nameLower: changes.name.toLowerCase() } : {};
    // a rule takes effect at once: the counts hold until today, so the next read counts them afresh, the answer's included
    const recount = COUNTED_RULES.some((rule) => changes[rule] !== undefined) ? { countsValidUntil: utcDay(new Date()) } : {};
    const newSlug = slug !== current.slug ? { slug } : {};
    tx.update(ref, { ...fields, ...newSlug, ...nameLower, ...recount, updatedAt: FieldValue.serverTimestamp() });
    return true;
  });
  return found ? getProgram(id) : null;
}

/**
 * The one-off job's step (programs/program-slugs-job.service): in one transaction, each of these
 * programs that is approved and has no slug is given one, and `alsoIn` records the step's progress
 * with the slugs it gave; a program deleted or given a slug since it was listed is left alone, so a
 * retried step gives nothing twice. Answers how many it gave.
 */
export async function giveMissingSlugs(ids: string[], alsoIn: (tx: Transaction, given: number) => void): Promise<number> {
  return db().runTransaction(async (tx) => {
    const found = ids.length > 0 ? (await tx.getAll(...ids.map((id) => programs().doc(id)))).map(fromSnapshot) : [];
    const given = new Map<string, string>();
    for (const program of found) {
      if (!program?.approved || program.slug !== null) continue;
      given.set(program.id, await freeSlugIn(tx, program, new Set(given.values())));
    }
    for (const [programId, slug] of given) {
      createSlugIn(tx, slug, programId);
      tx.update(programs().doc(programId), { slug });
    }
    alsoIn(tx, given.size);
    return given.size;
  });
}

/**
 * Inside a transaction, after its reads: the program goes, with its name's reservation. What hangs off
 * it (its links, their clicks) is the caller's to remove in the same transaction.
 */
/**
 * In a link change's transaction (links/link-counts.store): adds these differences to the program's
 * kept link counts, as increments (concurrent transactions add up), with the day they hold until when
 * it came closer; and raises its `linkSetVersion` (what was summed over its links is out of date).
 */
export function addLinkCountsIn(
  tx: Transaction,
  programId: string,
  change: { links: number; active: number; countsValidUntil?: string | null },
): void {
  tx.update(programs().doc(programId), {
    linkCount: FieldValue.increment(change.links),
    activeLinkCount: FieldValue.increment(change.active),
    linkSetVersion: FieldValue.increment(1),
    ...(change.countsValidUntil !== undefined ? { countsValidUntil: change.countsValidUntil } : {}),
  });
}

/**
 * In a recount's transaction (links/program-links.store): the program's kept counts outright, until
 * `countsValidUntil`; `linkCountsKept` marks it counted at least once (countsValidUntilOf).
 */
export function setLinkCountsIn(
  tx: Transaction,
  programId: string,
  counts: { links: number; active: number; countsValidUntil: string | null },
): void {
  tx.update(programs().doc(programId), {
    linkCount: counts.links,
    activeLinkCount: counts.active,
    linkCountsKept: true,
    linkSetVersion: FieldValue.increment(1),
    countsValidUntil: counts.countsValidUntil,
  });
}

export function deleteProgramIn(tx: Transaction, program: Pick<ProgramRecord, "id" | "name">): void {
  tx.delete(programNameRef(program.name));
  tx.delete(programs().doc(program.id));
}

/** Inside a transaction: the program's document, or null when there is none (read before any write). */
export async function findProgramIn(tx: Transaction, id: string): Promise<ProgramRecord | null> {
  return fromSnapshot(await tx.get(programs().doc(id)));
}

/** Inside a transaction that read the program (it exists): `by` more (or fewer) paid outcomes dated in `year`. */
export function countPaidIn(tx: Transaction, programId: string, year: string, by: number): void {
  tx.update(programs().doc(programId), { [`paidByYear.${year}`]: FieldValue.increment(by) });
}
