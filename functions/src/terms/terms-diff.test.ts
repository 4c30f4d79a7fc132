import { describe, expect, it } from "vitest";
import { figureChanges, textChanges } from "./terms-diff";
import { figuresOf } from "./terms-figures";

describe("what changed between two versions of a terms page", () => {
  it("pairs a cut bonus before and after, and leaves figures that stayed out", () => {
    const before = figuresOf("Earn 60,000 points after you spend $4,000. Up to 5 referrals.", "en");
    const after = figuresOf("Earn 40,000 points after you spend $4,000. Up to 5 referrals.", "en");
    expect(figureChanges(before, after).map(({ before: b, after: a }) => [b?.text, a?.text])).toEqual([["60,000 points", "40,000 points"]]);
  });

  it("pairs what is left over with null: a figure gone, a figure new", () => {
    const before = figuresOf("Earn $200 and 10,000 points.", "en");
    const after = figuresOf("Earn $200. Up to 3 referrals a year. Your friend gets $50.", "en");
    expect(figureChanges(before, after).map(({ before: b, after: a }) => [b?.text ?? null, a?.text ?? null])).toEqual([
      ["10,000 points", "3 referrals"],
      [null, "$50"],
    ]);
    expect(figureChanges(after, [])).toHaveLength(3);
    expect(figureChanges(before, before)).toEqual([]);
  });

  it("gives the words added and removed in order, unchanged runs as they are when short", () => {
    expect(textChanges("Earn 60,000 points after approval.", "Earn 40,000 points after approval.")).toEqual([
      { kind: "same", text: "Earn " },
      { kind: "removed", text: "60,000" },
      { kind: "added", text: "40,000" },
      { kind: "same", text: " points after approval." },
    ]);
  });

  it("shortens a long unchanged run to its ends", () => {
    const long = Array.from({ length: 100 }, (_, i) => `word${String(i)}`).join(" ");
    const [same] = textChanges(`${long} end`, `${long} finish`);
    expect(same!.kind).toBe("same");
    expect(same!.text.length).toBeLessThan(260);
    expect(same!.text).toContain(" … ");
    expect(same!.text.startsWith("word0 word1")).toBe(true);
    // never half a word on either side of the ellipsis
    const words = new Set(long.split(" "));
    expect(
      same!.text
        .split(/\s+/)
        .filter((w) => w && w !== "…")
        .every((w) => words.has(w)),
    ).toBe(true);
  });
});
