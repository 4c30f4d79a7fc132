import { describe, expect, it, vi } from "vitest";
import { InstanceCache } from "./instance-cache";

const source = (load: (key: string) => Promise<string | null>) => ({ load, staleWarning: "refresh failed", keyField: "key" });

describe("the per-instance cache", () => {
  it("reads a key once per period and again when the period is over", async () => {
    let now = 0;
    let value = "first";
    const load = vi.fn(async () => value);
    const cache = new InstanceCache(source(load), () => now, 30_000, 1_000);
    expect(await cache.get("k")).toBe("first");
    value = "second";
    now = 29_999;
    expect(await cache.get("k")).toBe("first");
    expect(load).toHaveBeenCalledTimes(1);
    now = 30_000;
    expect(await cache.get("k")).toBe("second");
    expect(load).toHaveBeenCalledTimes(2);
    // the new period counts from the read that ended it
    now = 59_999;
    expect(await cache.get("k")).toBe("second");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps each key's period apart", async () => {
    let now = 0;
    const load = vi.fn(async (key: string) => `${key}@${String(now)}`);
    const cache = new InstanceCache(source(load), () => now, 1_000, 100);
    expect(await cache.get("a")).toBe("a@0");
    now = 500;
    expect(await cache.get("b")).toBe("b@500");
    now = 1_000;
    expect(await cache.get("a")).toBe("a@1000");
    expect(await cache.get("b")).toBe("b@500");
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("makes one load at a time per key, however many ask at once, before and after expiry", async () => {
    let now = 0;
    let release: (value: string) => void = () => undefined;
    const load = vi.fn(() => new Promise<string>((done) => (release = done)));
    const cache = new InstanceCache(source(load), () => now, 1_000, 60_000);
    const first = Array.from({ length: 20 }, () => cache.get("k"));
    release("v1");
    expect(new Set(await Promise.all(first))).toEqual(new Set(["v1"]));
    expect(load).toHaveBeenCalledTimes(1);
    now = 1_000;
    const second = Array.from({ length: 20 }, () => cache.get("k"));
    release("v2");
    expect(new Set(await Promise.all(second))).toEqual(new Set(["v2"]));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("with a period of 0, reads on every call that finds no load under way", async () => {
    const load = vi.fn(async () => "v");
    const cache = new InstanceCache(source(load), () => 0, 0, 1_000);
    await cache.get("k");
    await cache.get("k");
    await cache.get("k");
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("answers an expired key with what it knew when the refresh fails or is slow, and tries again on the next call", async () => {
    let now = 0;
    let mode: "ok" | "fail" | "hang" = "ok";
    const load = vi.fn(async () => {
      if (mode === "fail") throw new Error("store down");
      if (mode === "hang") return new Promise<string>(() => undefined);
      return `v@${String(now)}`;
    });
    const cache = new InstanceCache(source(load), () => now, 1_000, 10);
    expect(await cache.get("k")).toBe("v@0");
    mode = "fail";
    now = 1_000;
    expect(await cache.get("k")).toBe("v@0");
    mode = "ok";
    now = 1_001;
    expect(await cache.get("k")).toBe("v@1001");
    mode = "hang";
    now = 2_001;
    expect(await cache.get("k")).toBe("v@1001");
    // never read: the failure itself
    mode = "fail";
    await expect(cache.get("other")).rejects.toThrow("store down");
  });
});
