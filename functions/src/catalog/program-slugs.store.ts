import { FieldValue, type Transaction } from "firebase-admin/firestore";
import { slugCandidate, slugFromId, slugFromName } from "@hub/contract/slugs";
import { COLLECTIONS, db } from "../platform/db";

/*
 * Short rotation addresses (docs/architecture.md, *Short rotation addresses*). program_slugs/{slug} holds every
 * slug any program has had, `{ programId, current, createdAt }`, and is never deleted: whether a slug
 * is taken, now or in the past, deleted programs' included, is one read inside the transaction that
 * gives it, and `/r/{slug}` keeps leading to the program (or, after a merge, to the one it went into).
 * The program's own document carries its current slug.
 */

const slugs = () => db().collection(COLLECTIONS.programSlugs);
const slugRef = (slug: string) => slugs().doc(slug);

/** The slug is, or was, another program's. */
export class SlugTakenError extends Error {
  constructor(readonly slug: string) {
    super("slug taken");
  }
}

/**
 * Inside a transaction, before its writes: the first free slug for this program, from its name (or
 * its id when the name gives too little), with `-2`, `-3`, … when taken. `reserved`: slugs the same
 * transaction gives to other programs already.
 */
export async function freeSlugIn(tx: Transaction, program: { id: string; name: string }, reserved?: ReadonlySet<string>): Promise<string> {
  const base = slugFromName(program.name) ?? slugFromId(program.id);
  for (let n = 1; ; n++) {
    const candidate = slugCandidate(base, n);
    if (reserved?.has(candidate)) continue;
    if (!(await tx.get(slugRef(candidate))).exists) return candidate;
  }
}

/** Inside a transaction, after its reads: `slug` (found free) becomes the program's current slug. */
export function createSlugIn(tx: Transaction, slug: string, programId: string): void {
  tx.create(slugRef(slug), { programId, current: true, createdAt: FieldValue.serverTimestamp() });
}

/**
 * Inside a transaction, before its writes: whether `slug` may become `programId`'s current slug, and
 * the write that makes it so (the previous one stays, no longer current). SlugTakenError when another
 * program holds it or did.
 */
export async function changeSlugIn(tx: Transaction, programId: string, previous: string | null, slug: string): Promise<() => void> {
  const held = await tx.get(slugRef(slug));
  if (held.exists && held.get("programId") !== programId) throw new SlugTakenError(slug);
  return () => {
    // a past slug of its own becomes current again
    if (held.exists) tx.update(held.ref, { current: true });
    else createSlugIn(tx, slug, programId);
    if (previous !== null) tx.update(slugRef(previous), { current: false });
  };
}

/**
 * Inside a merge's transaction, before its writes: every slug of the source (current and past), and
 * the write that makes each lead to the target, as one of its past slugs.
 */
export async function followMergeIn(tx: Transaction, sourceId: string, targetId: string): Promise<() => void> {
  const held = await tx.get(slugs().where("programId", "==", sourceId));
  return () => {
    for (const doc of held.docs) tx.update(doc.ref, { programId: targetId, current: false });
  };
}

/** The program a slug (current or past) leads to, or null when no program ever had it. */
export async function programIdOfSlug(slug: string): Promise<string | null> {
  const programId = (await slugRef(slug).get()).get("programId") as unknown;
  return typeof programId === "string" ? programId : null;
}
