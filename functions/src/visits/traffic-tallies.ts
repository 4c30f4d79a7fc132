import type { NotCountedReason } from "@hub/contract/analytics";

/**
 * Requests to a rotation address that were answered but not counted, tallied per program and
 * period by reason (contract, *Honest counts*). Batched in the instance's memory for up to 10 s and
 * written to sharded documents: information, not currency.
 *
 * Interface only, for now: the store and the batching follow.
 */
export function tallyNotCounted(programId: string, reason: NotCountedReason, at: Date): void {
  void programId;
  void reason;
  void at;
}
