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
