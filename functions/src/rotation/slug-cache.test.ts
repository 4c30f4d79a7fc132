import { describe, expect, it, vi } from "vitest";
import { SlugCache } from "./slug-cache";

describe("the slug cache of an instance", () => {
  it("reads a slug once per period, however many visitors arrive at once, and reads it again after", async () => {
    let now = 0;
    let target: string | null = "source";
    const load = vi.fn(async () => target);
    const cache = new SlugCache(load, () => now, 2000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.get("chase-gold")));
    expect(new Set(answers)).toEqual(new Set(["source"]));
    // a merge repoints the slug: seen after the period
    target = "target";
    now = 1999;
    expect(await cache.get("chase-gold")).toBe("source");
    expect(load).toHaveBeenCalledTimes(1);
    now = 2000;
    expect(await cache.get("chase-gold")).toBe("target");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("remembers an unknown slug for the same short period only", async () => {
    let now = 0;
    let known = false;
    const load = vi.fn(async () => (known ? "program" : null));
    const cache = new SlugCache(load, () => now, 2000);
    expect(await cache.get("new-slug")).toBeNull();
    expect(await cache.get("new-slug")).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
    known = true; // an admin has just set it
    now = 2000;
    expect(await cache.get("new-slug")).toBe("program");
  });

  it("a slow or failing store: the program known before, else the failure", async () => {
    let now = 0;
    let fail = false;
    const load = vi.fn(async () => {
      if (fail) throw new Error("store down");
      return "program";
    });
    const cache = new SlugCache(load, () => now, 2000, 10);
    expect(await cache.get("known")).toBe("program");
    fail = true;
    now = 5000;
    expect(await cache.get("known")).toBe("program");
    await expect(cache.get("never-read")).rejects.toThrow("store down");
    // a failed read is tried again by the next request
    fail = false;
    expect(await cache.get("never-read")).toBe("program");

    const slow = new SlugCache(
      (slug) => (slug === "first" ? Promise.resolve("program") : new Promise(() => undefined)),
      () => now,
      2000,
      10,
    );
    expect(await slow.get("first")).toBe("program");
  });
});
