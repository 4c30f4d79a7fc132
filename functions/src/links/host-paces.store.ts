import { Timestamp } from "firebase-admin/firestore";
import { COLLECTIONS, db, type TtlPolicy } from "../platform/db";
import { sha256 } from "../platform/keys";

/**
 * Members' link tests are paced per host across every instance (docs/architecture.md, *Link health*): a test
 * reserves the next free moment at its host, SAME_HOST_GAP_MS after the one before, in a transaction.
 */

/** A host's pace goes by TTL a minute after its last reserved moment: by then it no longer holds anyone back. */
export const HOST_PACES_TTL: TtlPolicy = { collection: COLLECTIONS.hostPaces, field: "expiresAt" };

export type HostSlot = { waitMs: number } | { refusedForMs: number };

/**
 * Reserves the next moment a request may go to `host` (at `now` or `gapMs` after the last reserved
 * one) and says how long to wait for it; a moment more than `maxWaitMs` away is not reserved.
 */
export async function reserveHostSlot(host: string, now: number, gapMs: number, maxWaitMs: number): Promise<HostSlot> {
  const ref = db().collection(COLLECTIONS.hostPaces).doc(sha256(host));
  return db().runTransaction(async (tx) => {
    const nextAt = ((await tx.get(ref)).get("nextAt") as number | undefined) ?? 0;
    const slot = Math.max(now, nextAt);
    if (slot - now > maxWaitMs) return { refusedForMs: slot - now };
    tx.set(ref, { nextAt: slot + gapMs, expiresAt: Timestamp.fromMillis(slot + gapMs + 60_000) });
    return { waitMs: slot - now };
  });
}
