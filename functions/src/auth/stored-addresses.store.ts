import { FieldPath, type WriteBatch } from "firebase-admin/firestore";
import { COLLECTIONS, db } from "../platform/db";
import { truncatedStoredAddress } from "../platform/http/ip-prefix";

/**
 * Where code before issue 29 kept a whole client address, walked in this order: click records (the
 * rotation's, now written truncated) and login tokens. The walk's cursor is `collection/id` of the
 * last record read (`collection/` before the first of a collection), or WALK_DONE after the last.
 */
const ADDRESS_FIELDS = [
  { collection: COLLECTIONS.clicks, field: "ipAddress" },
  { collection: COLLECTIONS.emailTokens, field: "lastUsedIp" },
] as const;
export const WALK_DONE = "done";

/** One chunk of the walk: what it read and rewrote, and where the next one starts. */
export interface TruncationStep {
  checked: number;
  truncated: number;
  cleared: number;
  next: string;
}

/** How many records the walk reads (an aggregation: one read per thousand records). */
export async function countAddressRecords(): Promise<number> {
  const counts = await Promise.all(ADDRESS_FIELDS.map(({ collection }) => db().collection(collection).count().get()));
  return counts.reduce((sum, snap) => sum + snap.data().count, 0);
}

/**
 * Reads up to `limit` records after `cursor` (null: the start) and rewrites each whole address with its
 * truncation (truncatedStoredAddress: an already truncated one is kept, what is no address is
 * cleared), in one batch with what `alsoIn` writes (the job's progress): a chunk and its cursor are
 * stored together or not at all. Each rewrite holds only if the record has not changed since it was
 * read (a login token used meanwhile): otherwise the batch fails whole and the chunk is read again.
 */
export async function truncateAddressesAfter(
  cursor: string | null,
  limit: number,
  alsoIn: (batch: WriteBatch, step: TruncationStep) => void,
): Promise<TruncationStep> {
  const slash = cursor === null ? -1 : cursor.indexOf("/");
  const place = cursor === null ? 0 : ADDRESS_FIELDS.findIndex(({ collection }) => collection === cursor.slice(0, slash));
  if (place < 0) throw new Error(`not a cursor of the address walk: ${String(cursor)}`);
  const { collection, field } = ADDRESS_FIELDS[place]!;
  const after = cursor === null ? "" : cursor.slice(slash + 1);

  let query = db().collection(collection).orderBy(FieldPath.documentId()).select(field).limit(limit);
  if (after) query = query.startAfter(after);
  const { docs } = await query.get();

  const batch = db().batch();
  let truncated = 0;
  let cleared = 0;
  for (const doc of docs) {
    const stored: unknown = doc.get(field);
    if (typeof stored !== "string") continue;
    const kept = truncatedStoredAddress(stored);
    if (kept === stored) continue;
    batch.update(doc.ref, { [field]: kept }, { lastUpdateTime: doc.updateTime });
    if (kept === null) cleared++;
    else truncated++;
  }
  const following = ADDRESS_FIELDS[place + 1];
  const next = docs.length === limit ? `${collection}/${docs[docs.length - 1]!.id}` : following ? `${following.collection}/` : WALK_DONE;
  const step = { checked: docs.length, truncated, cleared, next };
  alsoIn(batch, step);
  await batch.commit();
  return step;
}
