import { FieldValue } from "firebase-admin/firestore";
import { COLLECTIONS, db } from "../functions/src/toolkit";

/**
 * Makes a program look as one approved before short addresses did: no `slug` on it, and none of its
 * slugs held (the one-off job then gives it one from its name again).
 */
export async function forgetProgramSlug(programId: string): Promise<void> {
  const held = await db().collection(COLLECTIONS.programSlugs).where("programId", "==", programId).get();
  const batch = db().batch();
  batch.update(db().collection(COLLECTIONS.programs).doc(programId), { slug: FieldValue.delete() });
  for (const doc of held.docs) batch.delete(doc.ref);
  await batch.commit();
}
