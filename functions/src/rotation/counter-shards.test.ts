import { describe, expect, it } from "vitest";
import { BASES, CounterShards, MAX_COUNTER_SHARDS, VISITS_PER_SHARD_DAY } from "./counter-shards";

describe("counter shards of one instance", () => {
  it("sends a quiet program's visits to one shard, one per second", () => {
    let now = 0;
    const shards = new CounterShards(7, () => now);
    const picked = Array.from({ length: 5 }, () => {
      now += 1000;
      return shards.next("p");
    });
    expect(picked).toEqual([7, 7, 7, 7, 7]);
  });

  it("never writes one shard twice within a second, per program, for up to 1,024 visits a second", () => {
    const now = 42_000;
    const shards = new CounterShards(BASES - 1, () => now);
    const burst = Array.from({ length: MAX_COUNTER_SHARDS }, () => shards.next("busy"));
    expect(new Set(burst).size).toBe(burst.length);
    expect(burst.slice(0, 3)).toEqual([BASES - 1, 2 * BASES - 1, 3 * BASES - 1]);
    expect(burst.every((s) => s >= 0 && s < MAX_COUNTER_SHARDS)).toBe(true);
    // another program's counter is a different document: it starts at the base again
    expect(shards.next("other")).toBe(BASES - 1);
  });

  it("starts again at the base shard in the next second", () => {
    let now = 1_000;
    const shards = new CounterShards(3, () => now);
    expect([shards.next("p"), shards.next("p"), shards.next("p")]).toEqual([3, 3 + BASES, 3 + 2 * BASES]);
    now = 2_000;
    expect(shards.next("p")).toBe(3);
  });

  it("keeps every instance of a quiet program within BASES shards", () => {
    const used = new Set(Array.from({ length: 500 }, () => new CounterShards().next("p")));
    expect(used.size).toBeLessThanOrEqual(BASES);
  });

  it(`moves a steady program on to its next shard after ${String(VISITS_PER_SHARD_DAY)} visits in a UTC day, and back at midnight`, () => {
    let now = Date.UTC(2026, 10, 25, 0, 0, 0);
    const shards = new CounterShards(5, () => now);
    const day = Array.from({ length: 3 * VISITS_PER_SHARD_DAY }, () => {
      now += 1000; // one visit a second: always the first of its second
      return shards.next("p");
    });
    const perShard = new Map<number, number>();
    for (const s of day) perShard.set(s, (perShard.get(s) ?? 0) + 1);
    expect([...perShard]).toEqual([
      [5, VISITS_PER_SHARD_DAY],
      [5 + BASES, VISITS_PER_SHARD_DAY],
      [5 + 2 * BASES, VISITS_PER_SHARD_DAY],
    ]);
    now = Date.UTC(2026, 10, 26, 0, 0, 1);
    expect(shards.next("p")).toBe(5);
    expect(shards.next("other")).toBe(5);
  });
});
