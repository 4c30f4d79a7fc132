import { describe, expect, it } from "vitest";
import type { ClickTally } from "./analytics.store";
import { windowOf } from "./analytics-window";
import { fairnessFigures, fairSharesByTally, jainIndexOf, maxDeviationOf, rotationSetsOf, shareRatioOf } from "./fair-shares";
import type { RotationSets } from "../visits/period-counts";

const NO_SETS: RotationSets = new Map();

const NOW = new Date("2026-11-23T12:30:00Z");

const tally = (
  kind: ClickTally["kind"],
  period: string,
  links: Record<string, number>,
  active: string[],
  extra: Partial<ClickTally> = {},
): ClickTally => ({
  kind,
  period,
  programId: "p1",
  counts: {
    total: Object.values(links).reduce((a, b) => a + b, 0),
    links: new Map(Object.entries(links)),
    lastClickedAt: new Map(),
    sets: new Set(),
    active: new Set(active),
  },
  ...extra,
});

/** A tally that names rotation sets (as counters and roll-ups written since sets were do) instead of listing links. */
const withSets = (t: ClickTally, ...sets: string[]): ClickTally => ({ ...t, counts: { ...t.counts, sets: new Set(sets) } });

describe("fairSharesByTally", () => {
  it("divides a period's visits once, over the shards and roll-up of that program and period together", () => {
    const shardA = tally("counter", "2026-11-23", { a: 3 }, ["a", "b"]);
    const shardB = tally("counter", "2026-11-23", { b: 1 }, ["b", "c"]);
    const other = tally("counter", "2026-11-23", { x: 4 }, ["x"], { programId: "p2" });
    const shares = fairSharesByTally([shardA, shardB, other], NO_SETS);
    // 4 visits, 3 links in the rotation that day: 4/3 each, given once
    expect([...shares.get(shardA)!]).toEqual([
      ["a", 4 / 3],
      ["b", 4 / 3],
      ["c", 4 / 3],
    ]);
    expect(shares.get(shardB)!.size).toBe(0);
    expect([...shares.get(other)!]).toEqual([["x", 4]]);
  });

  it("a month's shares are the ones its days' folds stored", () => {
    const month = tally("month", "2026-09", { a: 10 }, [], {
      storedFair: new Map([
        ["a", 7.5],
        ["b", 7.5],
      ]),
    });
    expect([...fairSharesByTally([month], NO_SETS).get(month)!]).toEqual([
      ["a", 7.5],
      ["b", 7.5],
    ]);
  });

  it("a link counted without being recorded in the rotation (a counter written before `active` was) gets no share", () => {
    const legacy = tally("day", "2026-11-20", { a: 5 }, []);
    expect(fairSharesByTally([legacy], NO_SETS).get(legacy)!.size).toBe(0);
  });
});

describe("rotation sets", () => {
  const sets = new Map([
    ["s1", { linkIds: ["a", "b"] }],
    ["s2", { linkIds: ["b", "c"] }],
    ["s3", { linkIds: ["x"] }],
  ]);

  it("a period's links in the rotation are the union of its shards' sets (and any older list), each link once", () => {
    const shardA = withSets(tally("counter", "2026-11-23", { a: 3 }, []), "s1");
    const shardB = withSets(tally("counter", "2026-11-23", { b: 1 }, ["d"]), "s1", "s2");
    const otherDay = withSets(tally("counter", "2026-11-22", { x: 2 }, []), "s3");
    expect([...rotationSetsOf([shardA, shardB, otherDay])].sort()).toEqual(["s1", "s2", "s3"]);
    const shares = fairSharesByTally([shardA, shardB, otherDay], sets);
    // 4 visits over a, b, c (sets) and d (listed one by one, as counters written before sets were)
    expect(new Map(shares.get(shardA))).toEqual(new Map(["a", "b", "c", "d"].map((id) => [id, 1])));
    expect(shares.get(shardB)!.size).toBe(0);
    expect([...shares.get(otherDay)!]).toEqual([["x", 2]]);
  });

  it("a set not found adds no link; with no set found and no list, nobody has a share", () => {
    const shard = withSets(tally("counter", "2026-11-23", { a: 3 }, []), "s1", "gone");
    expect(new Map(fairSharesByTally([shard], sets).get(shard))).toEqual(
      new Map([
        ["a", 1.5],
        ["b", 1.5],
      ]),
    );
    expect(fairSharesByTally([shard], NO_SETS).get(shard)!.size).toBe(0);
  });

  it("24h: an hour's share is divided over that hour's sets, a link added mid-day only from its hours on", () => {
    const morning = withSets(tally("hour", "2026-11-23T09:00:00.000Z", { a: 4 }, []), "s1");
    const later = withSets(tally("hour", "2026-11-23T10:00:00.000Z", { a: 3, c: 3 }, []), "s1", "s2");
    const figures = fairnessFigures([morning, later], windowOf("24h", NOW), (key) => key, sets);
    expect(figures.links.get("a")).toMatchObject({ visits: 7, fairShare: 4 / 2 + 6 / 3 });
    expect(figures.links.get("c")).toMatchObject({ visits: 3, fairShare: 2 });
    expect([...figures.links.get("c")!.series.keys()]).toEqual(["2026-11-23T10:00:00.000Z"]);
  });
});

describe("slim day roll-ups", () => {
  /** A folded day of set s1: a's 6 visits, and the fair shares the fold stored (3 each for a and b). */
  const slimDay = () =>
    withSets(
      tally("day", "2026-11-20", { a: 6 }, [], {
        storedFair: new Map([
          ["a", 3],
          ["b", 3],
        ]),
      }),
      "s1",
    );

  it("a past day's shares are those its fold stored: no set is read for it", () => {
    const day = slimDay();
    expect(rotationSetsOf([day]).size).toBe(0);
    expect([...fairSharesByTally([day], NO_SETS).get(day)!]).toEqual([
      ["a", 3],
      ["b", 3],
    ]);
  });

  it("a day roll-up with a late shard of the same day: divided again over both, from their sets", () => {
    const sets = new Map([
      ["s1", { linkIds: ["a", "b"] }],
      ["s2", { linkIds: ["a", "b", "c"] }],
    ]);
    const day = slimDay();
    const late = withSets(tally("counter", "2026-11-20", { c: 3 }, []), "s2");
    expect([...rotationSetsOf([day, late])].sort()).toEqual(["s1", "s2"]);
    const shares = fairSharesByTally([day, late], sets);
    expect(new Map(shares.get(day))).toEqual(new Map(["a", "b", "c"].map((id) => [id, 3])));
    expect(shares.get(late)!.size).toBe(0);
  });

  it("a roll-up folded before sets were: its stored shares, or its list when a late shard comes", () => {
    const old = tally("day", "2026-11-19", { a: 4 }, ["a", "b"], {
      storedFair: new Map([
        ["a", 2],
        ["b", 2],
      ]),
    });
    expect([...fairSharesByTally([old], NO_SETS).get(old)!]).toEqual([
      ["a", 2],
      ["b", 2],
    ]);
    const late = withSets(tally("counter", "2026-11-19", { c: 2 }, []), "s9");
    const shares = fairSharesByTally([old, late], new Map([["s9", { linkIds: ["c"] }]]));
    expect(new Map(shares.get(old))).toEqual(new Map(["a", "b", "c"].map((id) => [id, 2])));
  });

  it("30 days: past days from their stored shares, today from its counters' sets", () => {
    const past = Array.from({ length: 3 }, (_, i) =>
      tally("day", `2026-11-2${String(i)}`, { a: 4 }, [], {
        storedFair: new Map([
          ["a", 2],
          ["b", 2],
        ]),
      }),
    );
    const today = withSets(tally("counter", "2026-11-23", { b: 2 }, []), "s1");
    const figures = fairnessFigures([...past, today], windowOf("30d", NOW), (key) => key, new Map([["s1", { linkIds: ["a", "b"] }]]));
    expect(figures.links.get("a")).toMatchObject({ visits: 12, fairShare: 7 });
    expect(figures.links.get("b")).toMatchObject({ visits: 2, fairShare: 7 });
    expect(figures.programVisits.get("p1")).toBe(14);
  });
});

describe("fairnessFigures", () => {
  it("24h: only the hours of the window; series per hour", () => {
    const inWindow = tally("hour", "2026-11-23T10:00:00.000Z", { a: 2, b: 2 }, ["a", "b"]);
    const tooOld = tally("hour", "2026-11-22T12:00:00.000Z", { a: 9 }, ["a"]);
    const day = tally("counter", "2026-11-23", { a: 2, b: 2 }, ["a", "b"]);
    const figures = fairnessFigures([inWindow, tooOld, day], windowOf("24h", NOW), (key) => key, NO_SETS);
    expect(figures.programVisits.get("p1")).toBe(4);
    expect(figures.links.get("a")).toMatchObject({ visits: 2, fairShare: 2 });
    expect([...figures.links.get("a")!.series.keys()]).toEqual(["2026-11-23T10:00:00.000Z"]);
  });

  it("a month less its days read anyway: each day's visits and share counted once", () => {
    // all time on 2026-11-23: October is its month roll-up less Oct 25-31, which come day by day
    const october = tally("month", "2026-10", { a: 62 }, [], {
      storedFair: new Map([
        ["a", 31],
        ["b", 31],
      ]),
    });
    const lastWeek = Array.from({ length: 7 }, (_, i) => tally("day", `2026-10-${String(25 + i)}`, { a: 2 }, ["a", "b"]));
    const figures = fairnessFigures([october, ...lastWeek], windowOf("all", NOW), (key) => `${key.slice(0, 7)}-01`, NO_SETS);
    expect(figures.links.get("a")).toMatchObject({ visits: 62, fairShare: 31 });
    expect(figures.links.get("b")).toMatchObject({ visits: 0, fairShare: 31 });
    expect(figures.programVisits.get("p1")).toBe(62);
    expect([...figures.links.get("a")!.series.keys()]).toEqual(["2026-10-01"]);
  });
});

describe("ratios and indexes", () => {
  it("shareRatio has two decimals and is null without a share", () => {
    expect(shareRatioOf({ visits: 97, fairShare: 100 })).toBe(0.97);
    expect(shareRatioOf({ visits: 1, fairShare: 3 })).toBe(0.33);
    expect(shareRatioOf({ visits: 4, fairShare: 0 })).toBeNull();
  });

  it("Jain's index: 1 when even, 1/n when one link takes everything, null without shares", () => {
    expect(
      jainIndexOf([
        { visits: 5, fairShare: 5 },
        { visits: 5, fairShare: 5 },
        { visits: 5, fairShare: 5 },
      ]),
    ).toBe(1);
    expect(
      jainIndexOf([
        { visits: 12, fairShare: 4 },
        { visits: 0, fairShare: 4 },
        { visits: 0, fairShare: 4 },
      ]),
    ).toBe(0.333);
    expect(
      jainIndexOf([
        { visits: 3, fairShare: 2 },
        { visits: 1, fairShare: 2 },
      ]),
    ).toBe(0.8);
    expect(jainIndexOf([{ visits: 0, fairShare: 0 }])).toBeNull();
  });

  it("the largest deviation counts links with a share of at least 1 only", () => {
    expect(
      maxDeviationOf([
        { visits: 12, fairShare: 10 },
        { visits: 8, fairShare: 10 },
        { visits: 3, fairShare: 0.5 },
      ]),
    ).toBe(0.2);
    expect(maxDeviationOf([{ visits: 3, fairShare: 0.5 }])).toBeNull();
  });
});
