import type { DocumentSnapshot, Query, Transaction } from "firebase-admin/firestore";

/** What the analytics stores share to read roll-ups: clicks (analytics.store.ts) and tallies (traffic.store.ts). */

/** A string field of a document, or "" when it holds anything else. */
export const text = (doc: DocumentSnapshot, field: string): string =>
  typeof doc.get(field) === "string" ? (doc.get(field) as string) : "";

/** The query narrowed to `field` from `from` (none: from the first) to `to`, ends included. */
export const within = (q: Query, field: string, r: { from: string | null; to: string }): Query =>
  (r.from ? q.where(field, ">=", r.from) : q).where(field, "<=", r.to);

/** Runs the queries in the transaction, each document once however many of them found it. */
export async function uniqueDocs(tx: Transaction, queries: Query[]): Promise<DocumentSnapshot[]> {
  const byPath = new Map<string, DocumentSnapshot>();
  for (const snap of await Promise.all(queries.map((q) => tx.get(q)))) for (const doc of snap.docs) byPath.set(doc.ref.path, doc);
  return [...byPath.values()];
}
