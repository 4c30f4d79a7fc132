import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { figuresOf, numberOf } from "./terms-figures";

const brief = (text: string, lang: string | null = "en") =>
  figuresOf(text, lang).map(({ value, unit, currency }) => [value, unit, currency]);

describe("the figures a terms page names", () => {
  it("reads money with a symbol or an ISO code, points, miles and referrals, in the page's order", () => {
    const text =
      "Earn 60,000 Membership Rewards® points after you spend $4,000 in 3 months. Your friend gets USD 100 and 25,000 bonus miles. Up to 5 referrals a year, or refer 10 friends.";
    expect(brief(text)).toEqual([
      [60000, "points", undefined],
      [4000, "currency", "USD"],
      [100, "currency", "USD"],
      [25000, "miles", undefined],
      [5, "referrals", undefined],
      [10, "referrals", undefined],
    ]);
    expect(figuresOf(text, "en").map((f) => f.text)).toEqual([
      "60,000 Membership Rewards® points",
      "$4,000",
      "USD 100",
      "25,000 bonus miles",
      "5 referrals",
      "10 friends",
    ]);
  });

  it("reads separators as the page's language writes numbers", () => {
    expect(brief("Prämie: 1.000,50 € und 20.000 points", "de-DE")).toEqual([
      [1000.5, "currency", "EUR"],
      [20000, "points", undefined],
    ]);
    expect(brief("Jusqu'à 60 000 points et 150 €", "fr-FR")).toEqual([
      [60000, "points", undefined],
      [150, "currency", "EUR"],
    ]);
    expect(brief("Bonus CHF 1'000 or 1’500 points", "de-CH")).toEqual([
      [1000, "currency", "CHF"],
      [1500, "points", undefined],
    ]);
    expect(brief("£1,250.75 and €2.5", "en-GB")).toEqual([
      [1250.75, "currency", "GBP"],
      [2.5, "currency", "EUR"],
    ]);
  });

  it("reads back any amount as each language formats it, money and points alike", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom("en-US", "en-GB", "de-DE", "fr-FR", "de-CH", "es-ES", "it-IT", "nl-NL", "en-IN"),
        fc.boolean(),
        (n, lang, cents) => {
          const amount = cents ? n / 100 : n;
          const written = new Intl.NumberFormat(lang, { useGrouping: "always", maximumFractionDigits: 2 }).format(amount);
          expect(brief(`Earn ${written} points and € ${written}.`, lang)).toEqual([
            [amount, "points", undefined],
            [amount, "currency", "EUR"],
          ]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("takes a bare dollar as the region's dollar, and a named one as named", () => {
    expect(brief("Get $50", "en-CA")).toEqual([[50, "currency", "CAD"]]);
    expect(brief("Get $50 or A$60 or US$70", "en-US")).toEqual([
      [50, "currency", "USD"],
      [60, "currency", "AUD"],
      [70, "currency", "USD"],
    ]);
  });

  it("never reads years, dates, percentages, multipliers or bare numbers as figures", () => {
    expect(
      brief("Offer ends 12/31/2026 or 2026-06-30. Earn 5% back, 3 percent on gas, 5x points on travel, in 2026, step 2 of 3."),
    ).toEqual([]);
  });

  it("reads a page with a language it does not know as English", () => {
    expect(brief("Earn 1,000 points", "not a language!")).toEqual([[1000, "points", undefined]]);
  });

  it("numberOf: the last separator is decimal when the language says so or when other than three digits follow", () => {
    expect(numberOf("1,000", ".")).toBe(1000);
    expect(numberOf("1.000", ",")).toBe(1000);
    expect(numberOf("1.500", ".")).toBe(1.5);
    expect(numberOf("1,5", ".")).toBe(1.5);
    expect(numberOf("1 000 000", ",")).toBe(1000000);
    expect(numberOf("12", ".")).toBe(12);
  });
});
