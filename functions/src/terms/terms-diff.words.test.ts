import { describe, expect, it } from "vitest";
import { textChanges, wordsOf, type TextChange } from "./terms-diff";

/*
 * The word diff between two versions of a terms page (the contract's `GET /api/programs/{id}/terms`
 * diff): words as the page's language breaks them, a long text read a passage at a time without
 * cutting a word, and long unchanged runs shortened to their ends.
 */

const changed = (changes: TextChange[]) => changes.filter((c) => c.kind !== "same");
/** What the changes say the text was (`before`) or became (`after`): every run but the other side's. */
const side = (changes: TextChange[], which: "before" | "after") =>
  changes
    .filter((c) => c.kind !== (which === "before" ? "added" : "removed"))
    .map((c) => c.text)
    .join("");

describe("the words a text is diffed by", () => {
  it("are the page's words and the spaces between them, a number with its separators one word", () => {
    const segmenter = new Intl.Segmenter("en", { granularity: "word" });
    expect(wordsOf("Earn 60,000 points.", segmenter)).toEqual(["Earn", " ", "60,000", " ", "points", "."]);
    expect(wordsOf("", segmenter)).toEqual([]);
  });

  it("are words whatever the page's language, one the segmenter does not know read as English", () => {
    for (const lang of [null, "en", "de-DE", "not a language!", "???"]) {
      expect(textChanges("Earn 60,000 points", "Earn 40,000 points", lang)).toEqual([
        { kind: "same", text: "Earn " },
        { kind: "removed", text: "60,000" },
        { kind: "added", text: "40,000" },
        { kind: "same", text: " points" },
      ]);
    }
  });

  it("two changes apart are two changes, the words between them the same", () => {
    expect(textChanges("Earn 60,000 points after you spend $4,000.", "Earn 40,000 points after you spend $3,000.")).toEqual([
      { kind: "same", text: "Earn " },
      { kind: "removed", text: "60,000" },
      { kind: "added", text: "40,000" },
      { kind: "same", text: " points after you spend $" },
      { kind: "removed", text: "4,000" },
      { kind: "added", text: "3,000" },
      { kind: "same", text: "." },
    ]);
  });

  it("a run of spaces that shrinks shows as the run replaced", () => {
    expect(textChanges("a  b", "a b")).toEqual([
      { kind: "same", text: "a" },
      { kind: "removed", text: "  " },
      { kind: "added", text: " " },
      { kind: "same", text: "b" },
    ]);
  });

  it("a long text is read in passages that never cut a word: a changed word across a passage's end is one word changed", () => {
    const filler = "word ".repeat(399); // 1,995 characters: the next word runs past the first 2,000
    const changes = textChanges(`${filler}abcdefghijklmnop rest`, `${filler}abcdefghijklmnoq rest`);
    expect(changed(changes)).toEqual([
      { kind: "removed", text: "abcdefghijklmnop" },
      { kind: "added", text: "abcdefghijklmnoq" },
    ]);
    // and every word of a long text once: no passage read twice, none left out
    const long = Array.from({ length: 3_000 }, (_, i) => `w${String(i)}`).join(" ");
    const words = wordsOf(long, new Intl.Segmenter("en", { granularity: "word" }));
    expect(words.join("")).toBe(long);
    expect(words.filter((w) => w !== " ")).toEqual(long.split(" "));
  });

  it("a word longer than a passage is read too, the text around it diffed", () => {
    const head = "Terms apply ".repeat(170); // 2,040 characters, then a word of 5,000
    const giant = "x".repeat(5_000);
    const before = `${head}${giant} Earn 60,000 points`;
    const after = `${head}${giant} Earn 40,000 points`;
    const changes = textChanges(before, after);
    expect(changed(changes)).toEqual([
      { kind: "removed", text: "60,000" },
      { kind: "added", text: "40,000" },
    ]);
    const segmenter = new Intl.Segmenter("en", { granularity: "word" });
    expect(wordsOf(before, segmenter).join("")).toBe(before);
  });
});

describe("long unchanged runs", () => {
  it("are kept whole up to 243 characters", () => {
    const run = "abcdefgh ".repeat(27); // 243 characters
    expect(textChanges(`${run}old`, `${run}new`)).toEqual([
      { kind: "same", text: run },
      { kind: "removed", text: "old" },
      { kind: "added", text: "new" },
    ]);
  });

  it("are shortened past that to their first and last whole words around an ellipsis, spaces at their ends kept", () => {
    const thirteen = Array.from({ length: 13 }, () => "abcdefgh").join(" ");
    const run = "abcdefgh ".repeat(28); // 252 characters, ending with the space before the change
    expect(textChanges(`${run}old`, `${run}new`)).toEqual([
      { kind: "same", text: `${thirteen} … ${thirteen} ` },
      { kind: "removed", text: "old" },
      { kind: "added", text: "new" },
    ]);
    // a run after the change begins with its space
    expect(textChanges(`old ${run.trim()}`, `new ${run.trim()}`)).toEqual([
      { kind: "removed", text: "old" },
      { kind: "added", text: "new" },
      { kind: "same", text: ` ${thirteen} … ${thirteen}` },
    ]);
  });

  it("a run that is one long word (an address) shows both its ends", () => {
    const address = `https://bank.example/${"terms-and-conditions/".repeat(15)}`;
    const [removed, added, same] = textChanges(`old ${address}`, `new ${address}`);
    expect([removed, added]).toEqual([
      { kind: "removed", text: "old" },
      { kind: "added", text: "new" },
    ]);
    expect(same).toEqual({ kind: "same", text: ` ${address.slice(0, 119)} … ${address.slice(-120)}` });
  });

  it("words added or removed are never shortened, however long", () => {
    const added = Array.from({ length: 80 }, (_, i) => `new${String(i)}`).join(" ");
    const changes = textChanges("Earn points.", `Earn points. ${added}`);
    expect(changes).toEqual([
      { kind: "same", text: "Earn points." },
      { kind: "added", text: ` ${added}` },
    ]);
    expect(side(textChanges(`Earn points. ${added}`, "Earn points."), "before")).toBe(`Earn points. ${added}`);
  });
});
