import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { changesWithin, figureChanges, textChanges, type TextChange } from "./terms-diff";
import type { Figure } from "./terms-figures";

/*
 * The diff's bounds (the contract's *Bounded whatever the page*): two texts that differ in too many
 * words are shown as whole passages replaced, a stored diff holds at most 256 KB of UTF-8
 * (`diffCut` beyond), and the figures compared are those a version keeps.
 */

const side = (changes: TextChange[], which: "before" | "after") =>
  changes
    .filter((c) => c.kind !== (which === "before" ? "added" : "removed"))
    .map((c) => c.text)
    .join("");
const words = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${String(i)}`).join(" ");

describe("two texts that share too little for a word diff", () => {
  const olds = words("old", 1_500);
  const news = words("new", 1_500);

  it("are their common start and end, and the passage between removed and added whole", () => {
    expect(textChanges(`Terms: ${olds} End.`, `Terms: ${news} End.`)).toEqual([
      { kind: "same", text: "Terms: " },
      { kind: "removed", text: olds },
      { kind: "added", text: news },
      { kind: "same", text: " End." },
    ]);
  });

  it("with nothing in common, are the one text removed and the other added", () => {
    expect(textChanges(olds, news)).toEqual([
      { kind: "removed", text: olds },
      { kind: "added", text: news },
    ]);
  });

  it("a text grown or shrunk by a long passage: the start and end not counted twice", () => {
    const grown = textChanges("Terms", `Terms ${news} Terms`);
    expect(grown).toEqual([
      { kind: "same", text: "Terms" },
      { kind: "added", text: ` ${news} Terms` },
    ]);
    expect(side(grown, "before")).toBe("Terms");
    const shrunk = textChanges(`Terms ${olds} Terms`, "Terms");
    expect(shrunk).toEqual([
      { kind: "same", text: "Terms" },
      { kind: "removed", text: ` ${olds} Terms` },
    ]);
    expect(side(shrunk, "after")).toBe("Terms");
  });

  it("a passage replaced in the middle of a text sharing its ends, seen from either side", () => {
    const before = `Earn points. ${olds} Ends soon.`;
    const after = `Earn miles. ${news} Ends now.`;
    const changes = textChanges(before, after);
    expect(side(changes, "before")).toBe(before);
    expect(side(changes, "after")).toBe(after);
    expect(changes[0]).toEqual({ kind: "same", text: "Earn " });
    expect(changes.at(-1)).toEqual({ kind: "same", text: "." });
  });
});

describe("a stored diff's bytes", () => {
  it("keeps every change when they fit, to the last byte, and says nothing was cut", () => {
    const changes: TextChange[] = [
      { kind: "same", text: "abc" },
      { kind: "added", text: "d€" },
    ];
    expect(changesWithin(changes, 7)).toEqual({ changes, cut: false });
    expect(changesWithin([], 0)).toEqual({ changes: [], cut: false });
  });

  it("cuts the change that passes the bound to the whole characters that fit, and keeps none after it", () => {
    const changes: TextChange[] = [
      { kind: "same", text: "abc" },
      { kind: "added", text: "defg" },
      { kind: "removed", text: "h" },
    ];
    expect(changesWithin(changes, 5)).toEqual({
      changes: [
        { kind: "same", text: "abc" },
        { kind: "added", text: "de" },
      ],
      cut: true,
    });
  });

  it("never splits a character: a cut inside one leaves it out", () => {
    expect(changesWithin([{ kind: "added", text: "ab€c" }], 4)).toEqual({ changes: [{ kind: "added", text: "ab" }], cut: true });
    expect(changesWithin([{ kind: "added", text: "a😀b" }], 4)).toEqual({ changes: [{ kind: "added", text: "a" }], cut: true });
    expect(changesWithin([{ kind: "added", text: "ab€c" }], 5)).toEqual({ changes: [{ kind: "added", text: "ab€" }], cut: true });
  });

  it("keeps a replacement character the page itself has", () => {
    expect(changesWithin([{ kind: "same", text: "\uFFFDabcdef" }], 5)).toEqual({
      changes: [{ kind: "same", text: "\uFFFDab" }],
      cut: true,
    });
  });

  it("leaves out a change of which not one character fits", () => {
    expect(
      changesWithin(
        [
          { kind: "same", text: "abc" },
          { kind: "added", text: "€uro" },
        ],
        5,
      ),
    ).toEqual({ changes: [{ kind: "same", text: "abc" }], cut: true });
    expect(changesWithin([{ kind: "removed", text: "x" }], 0)).toEqual({ changes: [], cut: true });
  });

  it("is at most 256 KB unless told otherwise", () => {
    const big = "x".repeat(256 * 1024 + 10);
    const { changes, cut } = changesWithin([
      { kind: "same", text: "" },
      { kind: "added", text: big },
    ]);
    expect(cut).toBe(true);
    expect(changes.map((c) => c.text.length)).toEqual([0, 256 * 1024]);
    expect(changesWithin([{ kind: "added", text: "x".repeat(256 * 1024) }]).cut).toBe(false);
  });
});

describe("the figures compared", () => {
  const fig = (value: number, unit: Figure["unit"], currency?: string): Figure => ({
    text: `${String(value)} ${currency ?? unit}`,
    value,
    unit,
    ...(currency ? { currency } : {}),
  });

  it("differ by their value, their unit or their currency, not by their words", () => {
    expect(figureChanges([fig(60_000, "points")], [fig(60_000, "miles")])).toEqual([
      { before: fig(60_000, "points"), after: fig(60_000, "miles") },
    ]);
    expect(figureChanges([fig(100, "currency", "USD")], [fig(100, "currency", "EUR")])).toEqual([
      { before: fig(100, "currency", "USD"), after: fig(100, "currency", "EUR") },
    ]);
    expect(figureChanges([fig(100, "currency", "USD")], [fig(200, "currency", "USD")])).toHaveLength(1);
    expect(figureChanges([fig(5, "referrals")], [{ ...fig(5, "referrals"), text: "5 friends" }])).toEqual([]);
  });

  it("never pair across a figure that stayed: one gone before it, one changed after it", () => {
    const before = [fig(60_000, "points"), fig(4_000, "currency", "USD"), fig(5, "referrals")];
    const after = [fig(4_000, "currency", "USD"), fig(3, "referrals")];
    expect(figureChanges(before, after)).toEqual([
      { before: fig(60_000, "points"), after: null },
      { before: fig(5, "referrals"), after: fig(3, "referrals") },
    ]);
  });

  it("pair a change at the end of the figures too", () => {
    expect(figureChanges([fig(1, "points"), fig(2, "points")], [fig(1, "points"), fig(3, "points")])).toEqual([
      { before: fig(2, "points"), after: fig(3, "points") },
    ]);
  });

  it("are the first 200 of each version: a change past them is not listed", () => {
    const before = Array.from({ length: 250 }, (_, i) => fig(i, "points"));
    const after = before.map((f, i) => (i >= 200 ? fig(f.value + 1_000, "points") : f));
    expect(figureChanges(before, after)).toEqual([]);
    const within = before.map((f, i) => (i === 199 ? fig(9_999, "points") : i >= 200 ? fig(f.value + 1_000, "points") : f));
    expect(figureChanges(before, within)).toEqual([{ before: fig(199, "points"), after: fig(9_999, "points") }]);
  });
});

describe("a stored diff's bytes, whatever the changes", () => {
  it("are the longest start of the whole diff in whole characters within the bound, each change's kind kept", () => {
    const change = fc.record({
      kind: fc.constantFrom("added" as const, "removed" as const, "same" as const),
      text: fc.string({ unit: fc.constantFrom("a", "é", "€", "😀", " "), maxLength: 12 }),
    });
    fc.assert(
      fc.property(fc.array(change, { maxLength: 10 }), fc.nat(80), (changes, max) => {
        const { changes: kept, cut } = changesWithin(changes, max);
        const whole = changes.map((c) => c.text).join("");
        let start = "";
        for (const char of whole) {
          if (Buffer.byteLength(start + char) > max) break;
          start += char;
        }
        expect(kept.map((c) => c.text).join("")).toBe(start);
        expect(cut).toBe(start.length < whole.length);
        kept.forEach((c, i) => {
          expect(c.kind).toBe(changes[i]!.kind);
        });
        // a change cut to nothing is left out
        const last = kept.at(-1);
        if (last && last.text !== changes[kept.length - 1]!.text) expect(last.text).not.toBe("");
      }),
      { seed: 5959, numRuns: 1_000 },
    );
  });
});
