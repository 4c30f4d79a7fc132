import { describe, expect, it } from "vitest";
import { addHours, addPeriod, dayRollup, emptyPeriod, fairSharesOf, hourRollup, linksInRotation, storedPeriod } from "./period-counts";

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

describe("slim roll-ups", () => {
  const counts = addPeriod(emptyPeriod(), { total: 6, links: { a: 4, b: 2 }, sets: ["s1"] });

  it("a day roll-up keeps counts, set ids and fair shares: no hours, no list of links", () => {
    const day = dayRollup(
      "p1",
      "2026-11-20",
      counts,
      new Map([
        ["a", 3],
        ["b", 3],
      ]),
    );
    expect(day).toEqual({
      programId: "p1",
      day: "2026-11-20",
      total: 6,
      links: { a: 4, b: 2 },
      lastClickedAt: {},
      sets: ["s1"],
      fair: { a: 3, b: 3 },
    });
  });

  it("an hour roll-up is one hour of one program, with its start and when it may be removed", () => {
    const hour = hourRollup("p1", "2026-11-20", "07", counts);
    expect(hour).toMatchObject({ programId: "p1", day: "2026-11-20", start: "2026-11-20T07:00:00.000Z", total: 6, sets: ["s1"] });
    expect(hour.deleteAt).toEqual(at("2026-11-23T00:00:00Z"));
    // read back as an hour of a counter's `hours` would be
    const back = addHours(new Map(), { "07": hour }).get("07")!;
    expect([back.total, [...back.sets]]).toEqual([6, ["s1"]]);
  });
});
