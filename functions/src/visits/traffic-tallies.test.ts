import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { flushIntervalMs, TRAFFIC_FLUSH_MS, TrafficTallies } from "./traffic-tallies";
import type { TrafficTally } from "./traffic-tallies.store";

const at = (iso: string) => new Date(iso);
const written = (tallies: readonly TrafficTally[]) =>
  tallies.map((t) => ({ programId: t.programId, day: t.day, counts: t.counts, hours: Object.fromEntries(t.hours) }));

describe("traffic tallies in an instance's memory", () => {
  let writes: { shard: number; tallies: ReturnType<typeof written> }[];
  const writer = (shard: number, tallies: readonly TrafficTally[]) => {
    writes.push({ shard, tallies: written(tallies) });
    return Promise.resolve();
  };

  beforeEach(() => {
    vi.useFakeTimers({ now: at("2026-11-25T10:00:00Z") });
    writes = [];
  });
  afterEach(() => vi.useRealTimers());

  it("are written once, 10 s after the first, summed per program, day and hour, to the instance's shard", async () => {
    const tallies = new TrafficTallies(writer, TRAFFIC_FLUSH_MS, 7);
    tallies.add("p1", "bot", at("2026-11-25T10:00:00Z"));
    tallies.add("p1", "bot", at("2026-11-25T10:59:59Z"));
    tallies.add("p1", "repeatAddress", at("2026-11-25T11:00:00Z"));
    tallies.add("p2", "unavailable", at("2026-11-25T10:00:01Z"));
    // a request stamped just before midnight goes to its own day
    tallies.add("p1", "repeatVisitor", at("2026-11-24T23:59:59Z"));
    await vi.advanceTimersByTimeAsync(TRAFFIC_FLUSH_MS - 1);
    expect(writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(writes).toEqual([
      {
        shard: 7,
        tallies: [
          {
            programId: "p1",
            day: "2026-11-25",
            counts: { bot: 2, repeatVisitor: 0, repeatAddress: 1, unavailable: 0 },
            hours: {
              "10": { bot: 2, repeatVisitor: 0, repeatAddress: 0, unavailable: 0 },
              "11": { bot: 0, repeatVisitor: 0, repeatAddress: 1, unavailable: 0 },
            },
          },
          {
            programId: "p2",
            day: "2026-11-25",
            counts: { bot: 0, repeatVisitor: 0, repeatAddress: 0, unavailable: 1 },
            hours: { "10": { bot: 0, repeatVisitor: 0, repeatAddress: 0, unavailable: 1 } },
          },
          {
            programId: "p1",
            day: "2026-11-24",
            counts: { bot: 0, repeatVisitor: 1, repeatAddress: 0, unavailable: 0 },
            hours: { "23": { bot: 0, repeatVisitor: 1, repeatAddress: 0, unavailable: 0 } },
          },
        ],
      },
    ]);
    // nothing pending: no timer, no write
    await vi.advanceTimersByTimeAsync(5 * TRAFFIC_FLUSH_MS);
    expect(writes).toHaveLength(1);
    tallies.add("p1", "bot", new Date());
    await vi.advanceTimersByTimeAsync(TRAFFIC_FLUSH_MS);
    expect(writes.map((w) => w.shard)).toEqual([7, 7]);
    expect(writes[1]!.tallies[0]!.counts.bot).toBe(1);
  });

  it("a flood costs one write per flush, whatever the number of requests", async () => {
    const tallies = new TrafficTallies(writer);
    for (let i = 0; i < 10_000; i++) tallies.add("p1", "repeatVisitor", new Date());
    await vi.advanceTimersByTimeAsync(TRAFFIC_FLUSH_MS);
    expect(writes).toHaveLength(1);
    expect(writes[0]!.tallies).toHaveLength(1);
    expect(writes[0]!.tallies[0]!.counts.repeatVisitor).toBe(10_000);
  });

  it("never keeps a process alive: the flush timer is unref'd", () => {
    const unref = vi.fn();
    const spy = vi.spyOn(globalThis, "setTimeout").mockReturnValue({ unref } as never);
    new TrafficTallies(writer).add("p1", "bot", new Date());
    expect(unref).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it("a timer that fires late (no CPU between requests): the next tally flushes at once", async () => {
    let now = Date.now();
    const tallies = new TrafficTallies(writer, TRAFFIC_FLUSH_MS, 0, () => now);
    tallies.add("p1", "bot", new Date(now));
    now += TRAFFIC_FLUSH_MS; // the clock moved on, the timer has not run
    tallies.add("p1", "bot", new Date(now));
    await Promise.resolve();
    expect(writes).toHaveLength(1);
    expect(writes[0]!.tallies[0]!.counts.bot).toBe(2);
  });

  it("a failed flush is logged and dropped: no retry, no loop, later tallies written as usual", async () => {
    let fail = true;
    const calls: number[] = [];
    const tallies = new TrafficTallies((shard, batch) => {
      calls.push(batch.length);
      return fail ? Promise.reject(new Error("UNAVAILABLE")) : writer(shard, batch);
    });
    tallies.add("p1", "bot", new Date());
    await vi.advanceTimersByTimeAsync(TRAFFIC_FLUSH_MS);
    await vi.advanceTimersByTimeAsync(10 * TRAFFIC_FLUSH_MS);
    expect(calls).toEqual([1]);
    fail = false;
    tallies.add("p2", "unavailable", new Date());
    await vi.advanceTimersByTimeAsync(TRAFFIC_FLUSH_MS);
    expect(writes.map((w) => w.tallies.map((t) => t.programId))).toEqual([["p2"]]);
  });
});

describe("the flush interval", () => {
  it("is 10 s, shortened by TRAFFIC_TALLY_FLUSH_MS only in the emulator, and never longer or below 100 ms", () => {
    expect(flushIntervalMs({}, true)).toBe(10_000);
    expect(flushIntervalMs({ TRAFFIC_TALLY_FLUSH_MS: "500" }, true)).toBe(500);
    expect(flushIntervalMs({ TRAFFIC_TALLY_FLUSH_MS: "500" }, false)).toBe(10_000);
    expect(flushIntervalMs({ TRAFFIC_TALLY_FLUSH_MS: "60000" }, true)).toBe(10_000);
    expect(flushIntervalMs({ TRAFFIC_TALLY_FLUSH_MS: "1" }, true)).toBe(10_000);
    expect(flushIntervalMs({ TRAFFIC_TALLY_FLUSH_MS: "soon" }, true)).toBe(10_000);
  });
});
