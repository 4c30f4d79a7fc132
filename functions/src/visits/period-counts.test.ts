import { describe, expect, it } from "vitest";
import { addPeriod, emptyPeriod, fairSharesOf, linksInRotation, storedPeriod } from "./period-counts";

const at = (iso: string) => new Date(iso);

describe("rotation sets in periods", () => {
  it("adds the set ids of counters and roll-ups, and the links listed one by one in data written before sets were", () => {
    const period = emptyPeriod();
    addPeriod(period, { total: 3, links: { a: 3 }, sets: ["s1"] });
    addPeriod(period, { total: 1, links: { b: 1 }, sets: ["s1", "s2"], active: ["old"] });
    expect(period).toMatchObject({ total: 4, sets: new Set(["s1", "s2"]), active: new Set(["old"]) });
    const sets = new Map([
      ["s1", ["a", "b"]],
      ["s2", ["b", "c"]],
    ]);
    expect([...linksInRotation(period, sets)].sort()).toEqual(["a", "b", "c", "old"]);
    expect(fairSharesOf(period, sets)).toEqual(new Map(["old", "a", "b", "c"].map((id) => [id, 1])));
  });

  it("stores set ids, and lists links only when folded from data that listed them", () => {
    const period = addPeriod(emptyPeriod(), {
      total: 2,
      links: { a: 2 },
      lastClickedAt: { a: at("2026-11-20T10:00:00Z") },
      sets: ["s2", "s1"],
    });
    expect(storedPeriod(period)).toEqual({
      total: 2,
      links: { a: 2 },
      lastClickedAt: { a: at("2026-11-20T10:00:00Z") },
      sets: ["s1", "s2"],
    });
    addPeriod(period, { active: ["b", "a"] });
    expect(storedPeriod(period).active).toEqual(["a", "b"]);
  });
});
