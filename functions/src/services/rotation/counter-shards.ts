/**
 * Which shard of a program's day counter one counted visit adds to.
 *
 * Firestore sustains about one write per second per document. Inside one instance, the n-th visit of
 * a program within the current second goes to shard (base + n): every shard gets at most one write
 * per second from this instance, however busy the program is. `base` is random per instance, so two
 * instances rarely share a shard. A quiet program uses the instance's base shard only, so the number
 * of counter documents (what readers pay for) grows with the peak rate, not with the visits.
 */
export const MAX_COUNTER_SHARDS = 1024;

export class CounterShards {
  private second = -1;
  private usedThisSecond = new Map<string, number>();

  constructor(
    private readonly base: number = Math.floor(Math.random() * MAX_COUNTER_SHARDS),
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
    return (this.base + n) % MAX_COUNTER_SHARDS;
  }
}
