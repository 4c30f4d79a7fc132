import { FieldPath, type WriteBatch } from "firebase-admin/firestore";
import { db } from "./db";
import { truncatedStoredAddress } from "./http/ip-prefix";

/**
 * One collection's part of the walk that rewrites whole client addresses stored before issue 29
 * (auth/address-truncation-job.service): its owner hands it over as this, naming its own collection,
 * so the job reads and writes no collection of another capability.
 */
export interface AddressWalkPart {
  /** The collection's name: the walk's cursor is `name/id` of the last record read. */
  name: string;
  /** How many records it holds (an aggregation: one read per thousand records). */
  count(): Promise<number>;
  /** Reads up to `limit` records after the id `after` ("" the first) and adds each rewrite to `batch`. */
  rewriteAfter(after: string, limit: number, batch: WriteBatch): Promise<AddressRewrites>;
}

/** What one step of a part read and rewrote; `lastId` null when it read fewer than asked (the part is done). */
export interface AddressRewrites {
  checked: number;
  truncated: number;
  cleared: number;
  lastId: string | null;
}

/**
 * The part for `field` of `collection`: each stored address is replaced by its truncation
 * (truncatedStoredAddress: an already truncated one is kept, what is no address is cleared). Each
 * rewrite holds only if the record has not changed since it was read (a login token used
 * meanwhile): otherwise the batch fails whole and the step is read again.
 */
export function addressWalkPart(collection: string, field: string): AddressWalkPart {
  return {
    name: collection,
    count: async () => (await db().collection(collection).count().get()).data().count,
    async rewriteAfter(after, limit, batch) {
      let query = db().collection(collection).orderBy(FieldPath.documentId()).select(field).limit(limit);
      if (after) query = query.startAfter(after);
      const { docs } = await query.get();
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
      return { checked: docs.length, truncated, cleared, lastId: docs.length === limit ? docs[docs.length - 1]!.id : null };
    },
  };
}
