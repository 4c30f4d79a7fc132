import { describe, expect, it, vi } from "vitest";
import type { RotationSource } from "./rotation.store";
import { RotationCache } from "./rotation-cache";

const source = (ids: string[]): RotationSource => ({
  mode: "even",
  fallbackUrl: null,
  programName: "Bank",
  offerEndsOn: null,
  links: ids.map((id, i) => ({ id, url: `https://x.example/${id}`, createdAtMs: i, visits: 0 })),
});

describe("the rotation cache of an instance", () => {
  it("reads a program once per period, however many visitors arrive at once", async () => {
    let now = 0;
    const load = vi.fn(async () => source(["a", "b"]));
    const cache = new RotationCache(load, () => now, 2000);
    await Promise.all(Array.from({ length: 50 }, () => cache.get("p")));
    now = 1999;
    await cache.get("p");
    expect(load).toHaveBeenCalledTimes(1);
    now = 2000;
    await cache.get("p");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("sees a change after the period and keeps the round-robin place", async () => {
    let now = 0;
    let ids = ["a", "b", "c"];
    const cache = new RotationCache(
      async () => source(ids),
      () => now,
      2000,
    );
    const first = (await cache.get("p"))!;
    first.take(true);
    ids = ["a", "c"];
    expect((await cache.get("p"))!.activeLinks.map((l) => l.id)).toEqual(["a", "b", "c"]);
    now = 2500;
    const second = (await cache.get("p"))!;
    expect(second).toBe(first);
    expect(second.activeLinks.map((l) => l.id)).toEqual(["a", "c"]);
  });

  it("remembers unknown programs, and keeps serving the last links when a refresh fails", async () => {
    let now = 0;
    const load = vi.fn<(id: string) => Promise<RotationSource | null>>(async (id) => (id === "known" ? source(["a"]) : null));
    const cache = new RotationCache(load, () => now, 2000);
    expect(await cache.get("unknown")).toBeNull();
    expect(await cache.get("unknown")).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
    await cache.get("known");
    load.mockRejectedValueOnce(new Error("store unavailable"));
    now = 5000;
    expect((await cache.get("known"))!.take(true)!.id).toBe("a");
    load.mockRejectedValueOnce(new Error("store unavailable"));
    await expect(cache.get("never-loaded")).rejects.toThrow("store unavailable");
  });

  it("does not keep a visitor waiting on a slow store when it knows the links: the last ones after staleWaitMs", async () => {
    let now = 0;
    let answer: (s: RotationSource) => void = () => undefined;
    const load = vi.fn<(id: string) => Promise<RotationSource | null>>(async () => source(["a"]));
    const cache = new RotationCache(load, () => now, 2000, 20);
    await cache.get("p");
    load.mockImplementationOnce(() => new Promise((done) => (answer = done)));
    now = 3000;
    const stale = (await cache.get("p"))!;
    expect(stale.activeLinks.map((l) => l.id)).toEqual(["a"]); // the store has not answered yet
    answer(source(["b"]));
    await new Promise((done) => setTimeout(done, 0));
    expect((await cache.get("p"))!.activeLinks.map((l) => l.id)).toEqual(["b"]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("evicts the least recently used program first", async () => {
    const load = vi.fn(async () => source(["a"]));
    const cache = new RotationCache(load, () => 0, 2000);
    await cache.get("busy");
    for (let i = 0; i < 1_000; i++) {
      await cache.get(`flood-${String(i)}`);
      if (i % 100 === 0) await cache.get("busy");
    }
    load.mockClear();
    await cache.get("busy");
    expect(load).not.toHaveBeenCalled();
  });
});
