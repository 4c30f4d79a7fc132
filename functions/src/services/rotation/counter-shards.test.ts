import { describe, expect, it } from "vitest";
import { CounterShards, MAX_COUNTER_SHARDS } from "./counter-shards";

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

  it("never writes one shard twice within a second, per program", () => {
    const now = 42_000;
    const shards = new CounterShards(MAX_COUNTER_SHARDS - 2, () => now);
    const burst = Array.from({ length: 300 }, () => shards.next("busy"));
    expect(new Set(burst).size).toBe(300);
    expect(burst.slice(0, 3)).toEqual([MAX_COUNTER_SHARDS - 2, MAX_COUNTER_SHARDS - 1, 0]);
    // another program's counter is a different document: it starts at the base again
    expect(shards.next("other")).toBe(MAX_COUNTER_SHARDS - 2);
  });

  it("starts again at the base shard in the next second", () => {
    let now = 1_000;
    const shards = new CounterShards(3, () => now);
    expect([shards.next("p"), shards.next("p"), shards.next("p")]).toEqual([3, 4, 5]);
    now = 2_000;
    expect(shards.next("p")).toBe(3);
  });
});
