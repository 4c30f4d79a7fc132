import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { awaitHostTurn, SAME_HOST_GAP_MS, takeHostTurn, TURN_SLACK_MS } from "./host-turns";

/*
 * Host pacing as a fetcher sees it: when its request may go. The shared store of turns
 * (host-paces.store, tested against Firestore in functions/test/api/host-paces.in-process.test.ts)
 * stands in here as the same rule in memory: the next free moment at a host, now or a gap after the
 * last one reserved, none reserved further away than the caller will wait. The clock and the timers
 * are fake, so a test says exactly when each request starts, and how late a timer fires.
 */

const store = vi.hoisted(() => ({ nextAt: new Map<string, number>(), calls: 0 }));
vi.mock("./host-paces.store", () => ({
  reserveHostSlot: (host: string, gapMs: number, maxWaitMs: number) => {
    store.calls++;
    const now = Date.now();
    const slot = Math.max(now, store.nextAt.get(host) ?? 0);
    if (slot - now > maxWaitMs) return Promise.resolve({ refusedForMs: slot - now });
    store.nextAt.set(host, slot + gapMs);
    return Promise.resolve({ at: slot });
  },
}));

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);

beforeEach(() => {
  store.nextAt.clear();
  store.calls = 0;
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets every promise that needs no timer settle (setImmediate is not faked). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Runs `start` and records the fake moment its promise settles (and with what). */
function track<T>(start: () => Promise<T>) {
  const seen: { at: number | null; value?: T } = { at: null };
  void start().then((value) => {
    seen.at = Date.now();
    seen.value = value;
  });
  return seen;
}

/** Moves the fake clock on, each timer's continuation running before the next timer fires. */
async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
}

describe("taking a turn at a host", () => {
  it("goes at once at a free host, without waiting for any timer", async () => {
    const first = track(() => takeHostTurn("https://bank.example/refer", 60_000));
    await settle();
    expect(first).toEqual({ at: T0, value: null });
  });

  it("spaces the requests to one bank's hosts at least a gap apart, in the order they came", async () => {
    const urls = ["https://www.bank.example/a", "https://bank.example/b", "https://SECURE.bank.example./c"];
    const seen = urls.map((url) => track(() => takeHostTurn(url, 60_000)));
    await advance(10_000);
    const starts = seen.map((s) => s.at!);
    expect(seen.every((s) => s.value === null)).toBe(true);
    expect(starts[0]).toBe(T0);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(SAME_HOST_GAP_MS);
  });

  it("does not hold one site back for another's turns", async () => {
    const a = track(() => takeHostTurn("https://a.github.io/x", 60_000));
    const b = track(() => takeHostTurn("https://b.github.io/x", 60_000));
    const other = track(() => takeHostTurn("https://other.example/x", 60_000));
    await settle();
    expect([a.at, b.at, other.at]).toEqual([T0, T0, T0]);
  });

  it("takes no turn when it is further off than the caller waits, and says how long the host is held", async () => {
    store.nextAt.set("bank.example", T0 + 5_000);
    expect(await takeHostTurn("https://bank.example/x", 4_999)).toEqual({ refusedForMs: 5_000 });
    // nothing was reserved: the host is still free at T0 + 5 s for the next caller
    const next = track(() => takeHostTurn("https://www.bank.example/y", 5_000));
    await advance(5_000);
    expect(next).toEqual({ at: T0 + 5_000, value: null });
  });

  it("a request whose timer fires late but within the slack goes then; a later one takes a new turn", async () => {
    store.nextAt.set("bank.example", T0 + 1_000);
    const onTime = track(() => takeHostTurn("https://bank.example/x", 60_000));
    await settle();
    vi.setSystemTime(T0 + TURN_SLACK_MS); // the clock jumps ahead of the timer: it fires TURN_SLACK_MS late
    await advance(1_000);
    expect(onTime).toEqual({ at: T0 + 1_000 + TURN_SLACK_MS, value: null });

    store.nextAt.set("late.example", T0 + 5_000);
    vi.setSystemTime(T0 + 4_000);
    const late = track(() => takeHostTurn("https://late.example/x", 60_000));
    await settle();
    vi.setSystemTime(T0 + 4_000 + TURN_SLACK_MS + 1);
    await advance(10_000);
    // it woke TURN_SLACK_MS + 1 late, so it did not go then, but at a turn of its own after that
    expect(late.value).toBeNull();
    expect(late.at! - (T0 + 5_000 + TURN_SLACK_MS + 1)).toBeGreaterThanOrEqual(SAME_HOST_GAP_MS);
  });

  it("whatever the timers' lateness and the moments requests come, no two start less than a gap apart, none before it came", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ comesAfterMs: fc.integer({ min: 0, max: 1_500 }), lateMs: fc.integer({ min: 0, max: 2 * TURN_SLACK_MS }) }), {
          minLength: 2,
          maxLength: 6,
        }),
        async (requests) => {
          store.nextAt.clear();
          vi.setSystemTime(T0);
          const late = requests.map((r) => r.lateMs);
          const sleeps: number[] = [];
          // the timers the pacing sets fire late, each by the next lateness drawn, then on time
          const realSetTimeout = globalThis.setTimeout;
          const spy = vi.spyOn(globalThis, "setTimeout").mockImplementation(((fn: () => void, ms?: number) => {
            const lateness = late[sleeps.length] ?? 0;
            sleeps.push(ms ?? 0);
            return realSetTimeout(() => {
              vi.setSystemTime(Date.now() + lateness);
              fn();
            }, ms);
          }) as typeof setTimeout);
          try {
            const came: number[] = [];
            const seen: { at: number | null }[] = [];
            for (const r of requests) {
              await advance(r.comesAfterMs);
              came.push(Date.now());
              seen.push(track(() => takeHostTurn("https://www.bank.example/terms", 60_000)));
              await settle();
            }
            await advance(30_000);
            const starts = seen.map((s) => s.at);
            expect(starts.every((at) => at !== null)).toBe(true);
            starts.forEach((at, i) => expect(at!).toBeGreaterThanOrEqual(came[i]!));
            const sorted = [...(starts as number[])].sort((x, y) => x - y);
            for (let i = 1; i < sorted.length; i++) expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThanOrEqual(SAME_HOST_GAP_MS);
          } finally {
            spy.mockRestore();
          }
        },
      ),
      { seed: 5959, numRuns: 1_000 },
    );
  });
});

describe("a job's request, which waits for its turn however long the host is held", () => {
  it("goes at once at a free host", async () => {
    const job = track(() => awaitHostTurn("https://bank.example/x"));
    await settle();
    expect(job.at).toBe(T0);
  });

  it("waits out a host held for longer than a step, and goes at its turn", async () => {
    store.nextAt.set("bank.example", T0 + 95_000);
    const job = track(() => awaitHostTurn("https://www.bank.example/x", 30_000));
    await advance(94_900);
    expect(job.at).toBeNull();
    await advance(1_000);
    expect(job.at).toBe(T0 + 95_000);
  });

  it("keeps its place: it takes its turn as soon as the turn is within a step, ahead of one who comes later", async () => {
    store.nextAt.set("bank.example", T0 + 31_000);
    const job = track(() => awaitHostTurn("https://bank.example/x", 30_000));
    await advance(2_000);
    const member = track(() => takeHostTurn("https://bank.example/y", 60_000));
    await advance(40_000);
    expect(job.at).toBe(T0 + 31_000);
    expect(member.at! - job.at!).toBeGreaterThanOrEqual(SAME_HOST_GAP_MS);
  });
});
