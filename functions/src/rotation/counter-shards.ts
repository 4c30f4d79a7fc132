/**
 * Which shard of a program's day counter one counted visit adds to.
 *
 * Firestore sustains about one write per second per document. Inside one instance, the n-th visit of
 * a program within the current second goes to shard base + n × BASES: every shard gets at most one
 * write per second from this instance, however busy the program is. `base` is one of BASES values,
 * drawn per instance, so that two instances seldom share shards while a quiet program, whatever the
 * churn of instances, touches at most BASES counter documents a day (readers pay per document).
 */
export const MAX_COUNTER_SHARDS = 1024;
export const BASES = 16;

export class CounterShards {
  private second = -1;
  private usedThisSecond = new Map<string, number>();

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
    // base, base + 16, … base + 1008, then base + 1, base + 17, …: all 1,024 shards before one repeats
    const step = n * BASES;
    return (this.base + step + Math.floor(step / MAX_COUNTER_SHARDS)) % MAX_COUNTER_SHARDS;
  }
}
