import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { utf8Prefix } from "./utf8";

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe("a text cut to a number of bytes of UTF-8", () => {
  it("keeps whole characters only: an emoji, an accent or a CJK character is never split", () => {
    expect(utf8Prefix("ab😀cd", 5)).toBe("ab");
    expect(utf8Prefix("ab😀cd", 6)).toBe("ab😀");
    expect(utf8Prefix("é".repeat(10), 5)).toBe("éé");
    expect(utf8Prefix("条款条款", 7)).toBe("条款");
    expect(utf8Prefix("short", 100)).toBe("short");
  });

  it("is the longest start of the text within the bound, whatever the text (lone surrogates included)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), fc.nat(900), (text, max) => {
        const kept = utf8Prefix(text, max);
        expect(text.startsWith(kept)).toBe(true);
        expect(bytes(kept)).toBeLessThanOrEqual(max);
        if (kept.length < text.length) {
          // the next character would not fit
          const next = text.codePointAt(kept.length)! > 0xffff ? 2 : 1;
          expect(bytes(text.slice(0, kept.length + next))).toBeGreaterThan(max);
        }
      }),
      { numRuns: 1000, seed: 59 },
    );
  });
});
