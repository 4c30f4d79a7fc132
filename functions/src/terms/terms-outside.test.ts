import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { changesWithin, figureChanges, textChanges } from "./terms-diff";
import { figuresOf, FIGURES_KEPT, keptFigures } from "./terms-figures";
import { LANG_MAX_CHARS, readableText } from "./terms-text";

/*
 * A terms page is outside input (the contract's *Bounded whatever the page*): whatever markup, text or
 * figures it holds, each reader finishes, throws nothing and keeps to its bounds. Generated hostile
 * pages: any nesting, any attribute, every separator, lone surrogates, markup characters in text.
 * Seeded, so a failure is found again with the same input.
 */

const RUNS = { numRuns: 1000, seed: 5959 };
const TAGS = ["div", "p", "main", "article", "body", "html", "nav", "footer", "script", "style", "br", "td", "template", "svg", "x-y"];
const anyText = fc.string({ unit: "binary", maxLength: 40 });
const separators = fc.constantFrom(" ", "\u00a0", "\u202f", "'", "’", ",", ".", "", "-", "/", "%");
/** Text made of the pieces figures are read from: digits, separators, units, symbols, words. */
const figureText = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 999_999 }).map(String),
      separators,
      fc.constantFrom("$", "€", "USD ", " points", " miles", " referrals", " friends", " CA$", "percent", "Membership Rewards®"),
      anyText,
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(""));

/** A page of nested, unclosed and stray elements, attributes of any text, a lang of any length. */
const hostilePage = fc
  .record({
    lang: fc.oneof(
      fc.constant("en-US"),
      anyText,
      fc.nat(200).map((n) => "x".repeat(n)),
    ),
    depth: fc.nat(3_000),
    tags: fc.array(fc.record({ tag: fc.constantFrom(...TAGS), attr: anyText, text: fc.oneof(anyText, figureText), close: fc.boolean() }), {
      maxLength: 30,
    }),
  })
  .map(({ lang, depth, tags }) => {
    const body = tags.map(({ tag, attr, text, close }) => `<${tag} data-x="${attr}">${text}${close ? `</${tag}>` : ""}`).join("");
    return `<!doctype html><html lang="${lang}"><body>${"<div>".repeat(depth)}${body}${"</span>".repeat(depth % 7)}</body></html>`;
  });

describe("reading a terms page, whatever it holds", () => {
  it("the readable text: never throws, whitespace collapsed, no longer than the page, lang a valid tag or none", () => {
    fc.assert(
      fc.property(hostilePage, (html) => {
        const { text, lang } = readableText(html);
        expect(text).toBe(text.trim());
        expect(text).not.toMatch(/\s{2}/);
        expect(text.length).toBeLessThanOrEqual(html.length);
        if (lang !== null) {
          expect(lang.length).toBeLessThanOrEqual(LANG_MAX_CHARS);
          expect(Intl.getCanonicalLocales(lang)).toEqual([lang]);
        }
      }),
      RUNS,
    );
  });

  it("the figures: never throw, at most the limit, each read from the text itself and short", () => {
    fc.assert(
      fc.property(
        figureText,
        fc.constantFrom("en", "de-DE", "fr-FR", "en-IN", null, "not a tag"),
        fc.integer({ min: 0, max: 5 }),
        (text, lang, limit) => {
          const figures = figuresOf(text, lang, limit);
          expect(figures.length).toBeLessThanOrEqual(limit);
          for (const figure of figures) {
            expect(text).toContain(figure.text);
            expect(figure.text.length).toBeLessThanOrEqual(400);
            expect(Number.isFinite(figure.value) && figure.value >= 0).toBe(true);
          }
          const kept = keptFigures(text, lang);
          expect(kept.figures.length).toBeLessThanOrEqual(FIGURES_KEPT);
          expect(kept.cut).toBe(figuresOf(text, lang).length > FIGURES_KEPT);
        },
      ),
      RUNS,
    );
  });

  it("the word diff: never throws, and what it says was before and after is the two texts", () => {
    // short texts: no unchanged run is long enough to be shortened, so the runs give back both texts
    const words = fc
      .array(fc.oneof(fc.constantFrom("60,000", "points", "Earn", "$200", "—", " ", "  ", "\u00a0"), anyText), { maxLength: 12 })
      .map((w) => w.join(" "));
    fc.assert(
      fc.property(words, words, fc.constantFrom("en", "de-DE", null, "???"), (before, after, lang) => {
        const changes = textChanges(before, after, lang);
        const side = (kind: "added" | "removed") =>
          changes
            .filter((c) => c.kind !== kind)
            .map((c) => c.text)
            .join("");
        expect(side("added")).toBe(before);
        expect(side("removed")).toBe(after);
      }),
      RUNS,
    );
  });

  it("the stored diff: within its bytes, its changes a start of the whole", () => {
    const change = fc.record({ kind: fc.constantFrom("added" as const, "removed" as const, "same" as const), text: anyText });
    fc.assert(
      fc.property(fc.array(change, { maxLength: 20 }), fc.nat(300), (changes, max) => {
        const { changes: kept, cut } = changesWithin(changes, max);
        expect(kept.reduce((n, c) => n + Buffer.byteLength(c.text, "utf8"), 0)).toBeLessThanOrEqual(max);
        expect(cut).toBe(changes.reduce((n, c) => n + Buffer.byteLength(c.text, "utf8"), 0) > max);
        kept.forEach((c, i) => {
          expect(c.kind).toBe(changes[i]!.kind);
          expect(changes[i]!.text.startsWith(c.text)).toBe(true);
        });
      }),
      RUNS,
    );
  });

  it("the figures' pairing: never throws, never more pairs than figures kept", () => {
    const figure = fc.record({ text: fc.constant("x"), value: fc.nat(5), unit: fc.constantFrom("points" as const, "currency" as const) });
    fc.assert(
      fc.property(fc.array(figure, { maxLength: 300 }), fc.array(figure, { maxLength: 300 }), (before, after) => {
        const pairs = figureChanges(before, after);
        expect(pairs.length).toBeLessThanOrEqual(Math.min(before.length, FIGURES_KEPT) + Math.min(after.length, FIGURES_KEPT));
        for (const { before: b, after: a } of pairs) expect(b ?? a).not.toBeNull();
      }),
      RUNS,
    );
  });
});
