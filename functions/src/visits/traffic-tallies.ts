import { utcDay } from "@hub/contract/dates";
import { randomInt } from "node:crypto";
import { logger } from "firebase-functions";
import type { NotCountedReason } from "@hub/contract/analytics";
import { isEmulator } from "../platform/config";
import { noReasons, totalOf, utcHourOf } from "./traffic-counts";
import { addTrafficTallies, TRAFFIC_SHARDS, type TrafficTally } from "./traffic-tallies.store";

/**
 * Requests to a rotation address that were answered but not counted, tallied per program and
 * period by reason (docs/architecture.md, *Honest counts*). Batched in the instance's memory for up to 10 s and
 * written to sharded documents: information, not currency.
 */

/** The longest a tally waits in memory before it is written. */
export const TRAFFIC_FLUSH_MS = 10_000;

type Writer = (shard: number, tallies: readonly TrafficTally[]) => Promise<void>;

/**
 * One instance's tallies not yet written. The first tally of a batch starts a timer of `flushMs`;
 * the flush then writes the batch to the instance's shard, one document per program and day. The
 * timer never keeps a process alive (`unref`), and should it fire late (an instance gets no CPU
 * between requests) the next tally flushes at once. A failed flush is logged and its tallies are
 * dropped: an instance stopped or failing with tallies in hand loses at most those.
 */
export class TrafficTallies {
  private pending = new Map<string, TrafficTally>();
  private batchStartedAt: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly write: Writer,
    private readonly flushMs = TRAFFIC_FLUSH_MS,
    /** Chosen once per instance, so a quiet program has at most TRAFFIC_SHARDS documents a day. */
    readonly shard = randomInt(TRAFFIC_SHARDS),
    private readonly clock: () => number = Date.now,
  ) {}

  add(programId: string, reason: NotCountedReason, at: Date): void {
    const day = utcDay(at);
    const key = `${programId}_${day}`;
    let tally = this.pending.get(key);
    if (!tally) this.pending.set(key, (tally = { programId, day, counts: noReasons(), hours: new Map() }));
    tally.counts[reason] += 1;
    const hour = utcHourOf(at);
    let hourCounts = tally.hours.get(hour);
    if (!hourCounts) tally.hours.set(hour, (hourCounts = noReasons()));
    hourCounts[reason] += 1;

    if (this.batchStartedAt === null) {
      this.batchStartedAt = this.clock();
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      this.timer.unref();
    } else if (this.clock() - this.batchStartedAt >= this.flushMs) {
      void this.flush();
    }
  }

  /** Writes what is pending (nothing to do when nothing is); never throws. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.batchStartedAt = null;
    const tallies = [...this.pending.values()];
    this.pending = new Map();
    if (tallies.length === 0) return;
    try {
      await this.write(this.shard, tallies);
    } catch (err) {
      logger.warn("traffic tallies not written", {
        shard: this.shard,
        programs: new Set(tallies.map((t) => t.programId)).size,
        requests: tallies.reduce((sum, t) => sum + totalOf(t.counts), 0),
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }
}

/**
 * The wait before a flush: 10 s, or in the emulator only a shorter TRAFFIC_TALLY_FLUSH_MS (at least
 * 100 ms), so that tests and the local suite see the figures sooner. A deployed function ignores it.
 */
export function flushIntervalMs(env: Record<string, string | undefined> = process.env, emulator = isEmulator()): number {
  const configured = Number(env.TRAFFIC_TALLY_FLUSH_MS);
  return emulator && Number.isInteger(configured) && configured >= 100 && configured < TRAFFIC_FLUSH_MS ? configured : TRAFFIC_FLUSH_MS;
}

let instanceTallies: TrafficTallies | undefined;

/** Tallies one request to a program's rotation address that was answered but not counted, and why. */
export function tallyNotCounted(programId: string, reason: NotCountedReason, at: Date): void {
  instanceTallies ??= new TrafficTallies(addTrafficTallies, flushIntervalMs());
  instanceTallies.add(programId, reason, at);
}
