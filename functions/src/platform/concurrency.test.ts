import { describe, expect, it } from "vitest";
import { forEachPacedByKey, prefixWithinPerKey } from "./concurrency";

describe("prefixWithinPerKey", () => {
  const hostOf = (url: string) => url.split("/")[0]!;

  it("stops before the item that would put a key over its limit, keeping the order", () => {
    const items = ["a/1", "b/1", "a/2", "c/1", "a/3", "b/2"];
    expect(prefixWithinPerKey(items, hostOf, 2)).toEqual(["a/1", "b/1", "a/2", "c/1"]);
    expect(prefixWithinPerKey(items, hostOf, 3)).toEqual(items);
  });

  it("takes at least one item, and none of nothing", () => {
    expect(prefixWithinPerKey(["a/1", "a/2"], hostOf, 0)).toEqual(["a/1"]);
    expect(prefixWithinPerKey([], hostOf, 2)).toEqual([]);
  });
});

describe("forEachPacedByKey", () => {
  it("runs one item of a key at a time, in order, and every item once", async () => {
    const running = new Set<string>();
    const done: string[] = [];
    let overlapped = false;
    await forEachPacedByKey(
      ["a/1", "b/1", "a/2", "b/2", "c/1"],
      (s) => s[0]!,
      2,
      0,
      async (item) => {
        if (running.has(item[0]!)) overlapped = true;
        running.add(item[0]!);
        await new Promise((r) => setTimeout(r, 5));
        running.delete(item[0]!);
        done.push(item);
      },
    );
    expect(overlapped).toBe(false);
    expect(done.filter((d) => d.startsWith("a"))).toEqual(["a/1", "a/2"]);
    expect([...done].sort()).toEqual(["a/1", "a/2", "b/1", "b/2", "c/1"]);
  });
});
