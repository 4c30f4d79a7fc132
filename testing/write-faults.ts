import { DocumentReference, Transaction, WriteBatch } from "firebase-admin/firestore";

type Patchable = Record<string, (...args: unknown[]) => unknown>;

// Every way our data layer writes: inside a transaction, in a batch, or straight to a document.
const WRITERS: [object, string[]][] = [
  [Transaction.prototype, ["set", "update", "delete", "create"]],
  [WriteBatch.prototype, ["set", "update", "delete", "create"]],
  [DocumentReference.prototype, ["set", "update", "delete", "create"]],
];

export class InjectedFault extends Error {
  override readonly name = "InjectedFault";
}

/**
 * Makes the n-th write of this process throw (n counts from 1), as a crash or a lost connection
 * part-way through an operation would. A write made by another write (a document's set is a
 * one-write batch) counts once. Returns how many writes were attempted and a way to undo the patch.
 */
export function failAtWrite(n: number): { attempted: () => number; restore: () => void } {
  let count = 0;
  let depth = 0;
  const originals: [Patchable, string, (...args: unknown[]) => unknown][] = [];
  for (const [prototype, methods] of WRITERS) {
    const target = prototype as Patchable;
    for (const method of methods) {
      const original = target[method]!;
      originals.push([target, method, original]);
      target[method] = function (this: unknown, ...args: unknown[]) {
        if (depth === 0 && ++count === n) throw new InjectedFault(`injected fault at write ${String(n)}`);
        depth++;
        try {
          const result = original.apply(this, args);
          return result instanceof Promise ? result.finally(() => depth--) : (depth--, result);
        } catch (err) {
          depth--;
          throw err;
        }
      };
    }
  }
  return {
    attempted: () => count,
    restore: () => {
      for (const [target, method, original] of originals) target[method] = original;
    },
  };
}
