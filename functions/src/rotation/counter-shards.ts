import { VISITS_PER_SHARD_DAY } from "../visits/period-counts";

/**
 * Which shard of a program's day counter one counted visit adds to.
 *
 * Firestore sustains about one write per second per document. Inside one instance, the n-th visit of
 * a program within the current second goes to shard base + n × BASES: every shard gets at most one
 * write per second from this instance, however busy the program is. `base` is one of BASES values,
 * drawn per instance, so that two instances seldom share shards while a quiet program, whatever the
 * churn of instances, touches at most BASES counter documents a day (readers pay per document).
 *
 * A document also grows with what it counts (per link, and per link and hour, for a program of 5,000
 * links up to about 150 bytes a visit), so once an instance has sent VISITS_PER_SHARD_DAY visits of a
 * program to its shards in one UTC day it moves on to the next shard of its sequence: a steady visit
 * a second, which always finds the base shard, fills about 43 documents a day of at most some 300 KB
 * each, instead of one that would pass Firestore's 1 MiB by the afternoon.
 */
export const MAX_COUNTER_SHARDS = 1024;
export const BASES = 16;
export { VISITS_PER_SHARD_DAY };

export class CounterShards {
  private second = -1;
  private usedThisSecond = new Map<string, number>();
  private today = new Map<string, { day: number; visits: number }>();

  constructor(
    private readonly base: number = Math.floor(Math.random() * BASES),
    private readonly nowMs: () => number = Date.now,
  ) {}

  next(key: string): number {
    const second = Math.floor(this.nowMs() / 1000);
    if (second !== this.second) {
      this.second = second;
      this.usedThisSecond.clear();
    }
    const n = this.usedThisSecond.get(key) ?? 0;
    this.usedThisSecond.set(key, n + 1);
    const filled = Math.floor(this.countToday(key, second) / VISITS_PER_SHARD_DAY);
    // base, base + 16, … base + 1008, then base + 1, base + 17, …: all 1,024 shards before one repeats
    const step = (n + filled) * BASES;
    return (this.base + step + Math.floor(step / MAX_COUNTER_SHARDS)) % MAX_COUNTER_SHARDS;
  }

  /** This instance's visits of `key` today so far (before this one). */
  private countToday(key: string, second: number): number {
    const day = Math.floor(second / 86_400);
    const entry = this.today.get(key);
    if (entry?.day === day) return entry.visits++;
    if (this.today.size >= 10_000) this.today.clear(); // bounded: a day's programs, not all ever seen
    this.today.set(key, { day, visits: 1 });
    return 0;
  }
}
