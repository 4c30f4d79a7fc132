import { Timestamp } from "firebase-admin/firestore";
import { COLLECTIONS, db, type TtlPolicy } from "./db";
import { sha256 } from "./keys";

/**
 * One pacing per host for every fetcher of the hub, across every instance (the contract's *Terms
 * watch and alerts*; docs/architecture.md, *Link health*): link tests, the link-health check and the
 * terms watch each reserve the next free moment at a host, a gap after the one before, in a
 * transaction (host-turns.ts waits for it).
 */

/** A host's pace goes by TTL a minute after its last reserved moment: by then it no longer holds anyone back. */
export const HOST_PACES_TTL: TtlPolicy = { collection: COLLECTIONS.hostPaces, field: "expiresAt" };

export type HostSlot = { at: number } | { refusedForMs: number };

/**
 * Reserves the next moment a request may go to `host` (now, or `gapMs` after the last reserved one)
 * and answers it; a moment more than `maxWaitMs` away is not reserved. "Now" is read in each attempt
 * of the transaction: one retried under contention must not reserve a moment already past.
 */
export async function reserveHostSlot(host: string, gapMs: number, maxWaitMs: number, clock = Date.now): Promise<HostSlot> {
  const ref = db().collection(COLLECTIONS.hostPaces).doc(sha256(host));
  return db().runTransaction(async (tx) => {
    const nextAt = ((await tx.get(ref)).get("nextAt") as number | undefined) ?? 0;
    const now = clock();
    const slot = Math.max(now, nextAt);
    if (slot - now > maxWaitMs) return { refusedForMs: slot - now };
    tx.set(ref, { nextAt: slot + gapMs, expiresAt: Timestamp.fromMillis(slot + gapMs + 60_000) });
    return { at: slot };
  });
}
