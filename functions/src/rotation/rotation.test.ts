import { describe, expect, it } from "vitest";
import type { RotationCandidate, RotationSource } from "./rotation.store";
import { Rotation } from "./rotation";

const link = (id: string, createdAtMs: number, visits = 0): RotationCandidate => ({
  id,
  url: `https://x.example/${id}`,
  createdAtMs,
  visits,
});
const source = (mode: RotationSource["mode"], links: RotationCandidate[]): RotationSource => ({
  mode,
  fallbackUrl: null,
  programName: "Bank",
  offerEndsOn: null,
  links,
});

function tally(rotation: Rotation, visits: number, counted = true) {
  const got = new Map<string, number>();
  for (let i = 0; i < visits; i++) {
    const id = rotation.take(counted)!.id;
    got.set(id, (got.get(id) ?? 0) + 1);
  }
  return got;
}

describe("even rotation", () => {
  it("gives each of 7 links 142 or 143 of 1,000 visits, wherever the instance starts", () => {
    for (const start of [0, 0.3, 0.99]) {
      const rotation = new Rotation(
        source(
          "even",
          Array.from({ length: 7 }, (_, i) => link(`l${String(i)}`, i)),
        ),
        () => start,
      );
      const counts = [...tally(rotation, 1000).values()];
      expect(counts).toHaveLength(7);
      expect(counts.every((c) => c === 142 || c === 143)).toBe(true);
    }
  });

  it("does not move on for visits that are not counted", () => {
    const rotation = new Rotation(source("even", [link("a", 1), link("b", 2)]), () => 0);
    expect(rotation.take(false)!.id).toBe("a");
    expect(rotation.take(false)!.id).toBe("a");
    expect(rotation.take(true)!.id).toBe("a");
    expect(rotation.take(true)!.id).toBe("b");
  });

  it("keeps going round the new set after a refresh, and answers null with no active link", () => {
    const rotation = new Rotation(source("even", [link("a", 1), link("b", 2), link("c", 3)]), () => 0);
    rotation.refresh(source("even", [link("a", 1), link("c", 3)]));
    expect([...tally(rotation, 10).values()]).toEqual([5, 5]);
    rotation.refresh(source("even", []));
    expect(rotation.take(true)).toBeNull();
  });
});

describe("balanced rotation", () => {
  it("sends every visit to a new link until it has caught up, then shares equally", () => {
    const rotation = new Rotation(source("balanced", [link("a", 1, 100), link("b", 2, 100), link("c", 3, 100), link("new", 4, 0)]));
    expect(tally(rotation, 100)).toEqual(new Map([["new", 100]]));
    expect([...tally(rotation, 100).values()]).toEqual([25, 25, 25, 25]);
  });

  it("breaks ties towards the newest link", () => {
    const rotation = new Rotation(source("balanced", [link("old", 1, 5), link("newer", 9, 5), link("mid", 5, 5)]));
    expect(rotation.take(true)!.id).toBe("newer");
    expect(rotation.take(true)!.id).toBe("mid");
    expect(rotation.take(true)!.id).toBe("old");
  });

  it("starts again from the stored counts at a refresh", () => {
    const rotation = new Rotation(source("balanced", [link("a", 1, 0), link("b", 2, 0)]));
    tally(rotation, 4);
    rotation.refresh(source("balanced", [link("a", 1, 10), link("b", 2, 2)]));
    expect(tally(rotation, 8)).toEqual(new Map([["b", 8]]));
  });
});

describe("a returning visitor's link", () => {
  it("is kept while active, without moving the round-robin of new visitors", () => {
    const rotation = new Rotation(source("even", [link("a", 1), link("b", 2), link("c", 3)]), () => 0);
    expect(rotation.take(true)!.id).toBe("a");
    for (let i = 0; i < 5; i++) expect(rotation.keep("c", true)!.id).toBe("c");
    expect(rotation.take(true)!.id).toBe("b");
    expect(rotation.take(true)!.id).toBe("c");
  });

  it("is not kept once it has left the active links", () => {
    const rotation = new Rotation(source("even", [link("a", 1), link("b", 2)]), () => 0);
    rotation.refresh(source("even", [link("a", 1)]));
    expect(rotation.keep("b", true)).toBeNull();
  });

  it("adds its counted visits, not the uncounted ones, to the balanced counts", () => {
    const rotation = new Rotation(source("balanced", [link("old", 1, 10), link("new", 2, 10)]));
    rotation.keep("new", true);
    rotation.keep("new", false);
    rotation.keep("new", false);
    // "new" now has 11 against 10: the next new visitor goes to "old", then ties go to the newest
    expect(rotation.take(true)!.id).toBe("old");
    expect(rotation.take(true)!.id).toBe("new");
  });
});

describe("a turn given back", () => {
  it("even: goes to its link at the next counted visit, so the round stays exactly fair", () => {
    const rotation = new Rotation(source("even", [link("a", 1), link("b", 2), link("c", 3)]), () => 0);
    const a = rotation.take(true)!;
    expect(a.id).toBe("a");
    rotation.giveBack(a, { kept: false }); // that visit proved a repeat: "a" is owed its turn
    expect(rotation.take(true)!.id).toBe("a");
    expect(rotation.take(true)!.id).toBe("b");
    expect(rotation.take(true)!.id).toBe("c");
    expect([...tally(rotation, 300).values()]).toEqual([100, 100, 100]);
  });

  it("even: a kept link's turn is not owed (returning visitors never use the round-robin)", () => {
    const rotation = new Rotation(source("even", [link("a", 1), link("b", 2)]), () => 0);
    rotation.giveBack(rotation.keep("b", true)!, { kept: true });
    expect(rotation.take(true)!.id).toBe("a");
    expect(rotation.take(true)!.id).toBe("b");
  });

  it("balanced: takes the visit back off the link's count", () => {
    const rotation = new Rotation(source("balanced", [link("old", 1, 10), link("new", 2, 10)]));
    const first = rotation.take(true)!;
    expect(first.id).toBe("new");
    rotation.giveBack(first, { kept: false });
    expect(rotation.take(true)!.id).toBe("new");
    expect(rotation.take(true)!.id).toBe("old");
  });

  it("an owed link that has left the rotation is skipped", () => {
    const rotation = new Rotation(source("even", [link("a", 1), link("b", 2)]), () => 0);
    rotation.giveBack(rotation.take(true)!, { kept: false });
    rotation.refresh(source("even", [link("b", 2)]));
    expect(rotation.take(true)!.id).toBe("b");
  });
});

describe("any active link", () => {
  it("is drawn at random and uses up no turn", () => {
    let draw = 0.7;
    const rotation = new Rotation(source("even", [link("a", 1), link("b", 2), link("c", 3)]), () => draw);
    draw = 0.5;
    expect(rotation.any()!.id).toBe("b");
    draw = 0.99;
    expect(rotation.any()!.id).toBe("c");
    expect(new Rotation(source("even", [])).any()).toBeNull();
  });
});

describe("weighted rotation (the contract's Tiers and weighted shares)", () => {
  const weighted = (weights: readonly number[]) => weights.map((weight, i) => ({ ...link(`w${String(i)}`, i), weight }));

  /** Counted visits one at a time: after each, every link's visits against its weighted ideal. */
  function worstDeviation(rotation: Rotation, weights: readonly number[], visits: number) {
    const total = weights.reduce((a, b) => a + b, 0);
    const got = weights.map(() => 0);
    let worst = 0;
    const cycles: number[][] = [];
    for (let v = 1; v <= visits; v++) {
      got[Number(rotation.take(true)!.id.slice(1))]! += 1;
      for (const [i, w] of weights.entries()) worst = Math.max(worst, Math.abs(got[i]! - (v * w) / total));
      if (v % total === 0) cycles.push([...got]);
    }
    return { worst, cycles, total };
  }

  const random = (seed: number) => () => {
    // a small deterministic generator (mulberry32), so a failing set can be told again
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  const sets: number[][] = [[1, 2, 3], [1, 10], [5, 5, 5, 1], [1], [10, 10], [1, 1, 1, 1, 1, 1, 7]];
  const draw = random(42);
  for (let k = 0; k < 40; k++) sets.push(Array.from({ length: 1 + Math.floor(draw() * 12) }, () => 1 + Math.floor(draw() * 10)));

  it("gives each link exactly its weight in every cycle, and never a visit or more from its share in between", () => {
    for (const weights of sets) {
      for (const start of [0, 0.37, 0.99]) {
        const rotation = new Rotation(source("even", weighted(weights)), () => start);
        const { worst, cycles, total } = worstDeviation(rotation, weights, 5 * weights.reduce((a, b) => a + b, 0));
        expect(worst, `weights ${weights.join(",")}, start ${String(start)}`).toBeLessThan(1);
        for (const [c, counts] of cycles.entries()) expect(counts).toEqual(weights.map((w) => w * (c + 1)));
        expect(cycles).toHaveLength(5);
        expect(total).toBeGreaterThan(0);
      }
    }
  });

  it("with every weight 1 goes round as the plain round-robin, from the instance's random place", () => {
    const rotation = new Rotation(source("even", weighted([1, 1, 1, 1])), () => 0.000_002); // starts at place 2
    expect(Array.from({ length: 8 }, () => rotation.take(true)!.id)).toEqual(["w2", "w3", "w0", "w1", "w2", "w3", "w0", "w1"]);
  });

  it("starts a new cycle when a weight changes, owing nothing from the old one; keeps its place when nothing did", () => {
    const rotation = new Rotation(source("even", weighted([1, 3])), () => 0);
    tally(rotation, 2); // part-way through a cycle of 4
    rotation.refresh(source("even", weighted([1, 3])));
    expect([...tally(rotation, 2).values()].reduce((a, b) => a + b, 0)).toBe(2);
    rotation.refresh(source("even", weighted([2, 2])));
    const next = tally(rotation, 4);
    expect([next.get("w0"), next.get("w1")]).toEqual([2, 2]);
  });

  it("does not move on for visits that are not counted, and serves a turn given back first", () => {
    const rotation = new Rotation(source("even", weighted([1, 2])), () => 0);
    const first = rotation.take(false)!.id;
    expect(rotation.take(false)!.id).toBe(first);
    const taken = rotation.take(true)!;
    rotation.giveBack(taken, { kept: false });
    expect(rotation.take(true)!.id).toBe(taken.id);
    const counts = tally(rotation, 3 * 10);
    expect([counts.get("w0"), counts.get("w1")]).toEqual([10, 20]);
  });

  it("balanced: the link with the fewest visits per unit of weight, ties to the newest", () => {
    const rotation = new Rotation(
      source("balanced", [
        { ...link("old", 1, 10), weight: 1 },
        { ...link("gold", 2, 20), weight: 2 },
        { ...link("new", 3, 30), weight: 3 },
      ]),
    );
    // 10/1 = 20/2 = 30/3: all tied, so the newest
    expect(rotation.take(true)!.id).toBe("new");
    // then old (10/1) and gold (20/2) tie below new (31/3): the newer of the two
    expect(rotation.take(true)!.id).toBe("gold");
    expect(rotation.take(true)!.id).toBe("old");
    // 60 more visits keep them within one visit of 1:2:3 of what each has
    const counts = tally(rotation, 60);
    expect([counts.get("old"), counts.get("gold"), counts.get("new")]).toEqual([10, 20, 30]);
  });
});
