/**
 * Counts the documents Firestore bills as read, in this process: every document a get, a query or a
 * getAll returns (an empty query still costs one), and one per 1,000 entries an aggregation counts.
 * Wraps the SDK's own methods, so it sees the app's reads whichever store makes them.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { DocumentReference, Firestore, Query, QuerySnapshot, Transaction } from "firebase-admin/firestore";

let reads = 0;
/** Some of these methods call others (a document's get is a getAll of one): only the outermost call counts. */
const counting = new AsyncLocalStorage<true>();

function billed(result: unknown): number {
  if (result instanceof QuerySnapshot) return Math.max(1, result.size);
  if (Array.isArray(result)) return result.length;
  if (result && typeof result === "object" && "data" in result && typeof (result as { data: unknown }).data === "function") {
    const data = (result as { data: () => unknown }).data();
    if (data && typeof data === "object" && "count" in data && typeof (data as { count: unknown }).count === "number")
      return Math.max(1, Math.ceil((data as { count: number }).count / 1000));
  }
  return 1;
}

function wrap(proto: object, method: string) {
  const target = proto as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const original = target[method]!;
  target[method] = function (this: unknown, ...args: unknown[]) {
    if (counting.getStore()) return original.apply(this, args);
    return counting.run(true, async () => {
      const result = await original.apply(this, args);
      reads += billed(result);
      return result;
    });
  };
}

let installed = false;
/** `store` lends its aggregation queries' class, which the SDK does not export. */
export function countReads(store: Firestore): { reset: () => void; read: () => number } {
  if (!installed) {
    installed = true;
    wrap(Object.getPrototypeOf(store.collection("any").count()) as object, "get");
    wrap(DocumentReference.prototype, "get");
    wrap(Query.prototype, "get");
    wrap(Firestore.prototype, "getAll");
    wrap(Transaction.prototype, "get");
    wrap(Transaction.prototype, "getAll");
  }
  return { reset: () => void (reads = 0), read: () => reads };
}
