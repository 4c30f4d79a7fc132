import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { figuresOf, keptFigures, numberOf } from "./terms-figures";

/*
 * The figures a terms page names (the contract's *Figures*): each currency as the page writes it, by
 * its ISO code or its symbol, a bare dollar as the page's region has it, points and miles in their
 * spellings, and the number of figures a version keeps.
 */

const brief = (text: string, lang: string | null = "en") =>
  figuresOf(text, lang).map(({ text: t, value, unit, currency }) => ({ text: t, value, unit, ...(currency ? { currency } : {}) }));

const ISO_CODES = ["USD", "EUR", "GBP", "CAD", "AUD", "NZD", "CHF", "JPY", "SEK", "NOK", "DKK", "PLN", "INR", "HKD", "SGD", "MXN"];

describe("money", () => {
  it.each(ISO_CODES)("named by its code %s, before the amount or after it, in any case", (code) => {
    expect(brief(`Get ${code} 150 now, or 75 ${code} later`)).toEqual([
      { text: `${code} 150`, value: 150, unit: "currency", currency: code },
      { text: `75 ${code}`, value: 75, unit: "currency", currency: code },
    ]);
    expect(brief(`Get ${code.toLowerCase()} 150`)).toEqual([
      { text: `${code.toLowerCase()} 150`, value: 150, unit: "currency", currency: code },
    ]);
  });

  it("a code inside a longer word is no currency", () => {
    expect(brief("Get XUSD 150 or 150 EURO")).toEqual([]);
  });

  it.each([
    ["€", "EUR"],
    ["£", "GBP"],
    ["¥", "JPY"],
    ["₹", "INR"],
    ["US$", "USD"],
    ["CA$", "CAD"],
    ["C$", "CAD"],
    ["AU$", "AUD"],
    ["A$", "AUD"],
    ["NZ$", "NZD"],
    ["HK$", "HKD"],
    ["S$", "SGD"],
  ])("named by its symbol %s before the amount is %s", (symbol, currency) => {
    expect(brief(`Earn ${symbol}250 today`, "en-US")).toEqual([{ text: `${symbol}250`, value: 250, unit: "currency", currency }]);
    expect(brief(`Earn ${symbol} 250 today`, "en-US")).toEqual([{ text: `${symbol} 250`, value: 250, unit: "currency", currency }]);
  });

  it.each([
    ["€", "EUR"],
    ["£", "GBP"],
    ["$", "USD"],
  ])("written after the amount, %s is %s", (symbol, currency) => {
    expect(brief(`Prämie 1.250 ${symbol} und 80${symbol}`, "de-DE")).toEqual([
      { text: `1.250 ${symbol}`, value: 1250, unit: "currency", currency },
      { text: `80${symbol}`, value: 80, unit: "currency", currency },
    ]);
  });

  it.each([
    ["en-CA", "CAD"],
    ["fr-CA", "CAD"],
    ["en-AU", "AUD"],
    ["en-NZ", "NZD"],
    ["en-HK", "HKD"],
    ["en-SG", "SGD"],
    ["es-MX", "MXN"],
    ["en-US", "USD"],
    ["en-GB", "USD"],
    ["en", "USD"],
    [null, "USD"],
  ])("a bare dollar on a page in %s is %s", (lang, currency) => {
    expect(brief("Earn $100", lang)).toEqual([{ text: "$100", value: 100, unit: "currency", currency }]);
  });
});

describe("rewards and referrals", () => {
  it("reads points and miles in their spellings, in any case, the words between kept", () => {
    expect(brief("Earn 1 point, 2 points, 3 pts, 4 PTS, 5 mile, 6 miles, 7 Miles, 8 bonus Membership Rewards® MILES")).toEqual([
      { text: "1 point", value: 1, unit: "points" },
      { text: "2 points", value: 2, unit: "points" },
      { text: "3 pts", value: 3, unit: "points" },
      { text: "4 PTS", value: 4, unit: "points" },
      { text: "5 mile", value: 5, unit: "miles" },
      { text: "6 miles", value: 6, unit: "miles" },
      { text: "7 Miles", value: 7, unit: "miles" },
      { text: "8 bonus Membership Rewards® MILES", value: 8, unit: "miles" },
    ]);
  });

  it("reads referrals and friends, one or many", () => {
    expect(brief("Refer 1 friend, 2 friends, 1 referral or up to 12 qualified referrals")).toEqual([
      { text: "1 friend", value: 1, unit: "referrals" },
      { text: "2 friends", value: 2, unit: "referrals" },
      { text: "1 referral", value: 1, unit: "referrals" },
      { text: "12 qualified referrals", value: 12, unit: "referrals" },
    ]);
  });
});

describe("what the page's language makes of a separator", () => {
  it("a comma before three digits is the decimal one where the language writes decimals with a comma, a point elsewhere", () => {
    expect(brief("Gebühr 2,500 € oder 1.500 €", "de-DE")).toEqual([
      { text: "2,500 €", value: 2.5, unit: "currency", currency: "EUR" },
      { text: "1.500 €", value: 1500, unit: "currency", currency: "EUR" },
    ]);
    expect(brief("Fee $2.500 or $1,500", "en-US")).toEqual([
      { text: "$2.500", value: 2.5, unit: "currency", currency: "USD" },
      { text: "$1,500", value: 1500, unit: "currency", currency: "USD" },
    ]);
  });
});

describe("what is no figure, even beside a unit", () => {
  it("a percentage, however it is written", () => {
    expect(brief("Earn 3 percent back in points, 2 per cent in miles, 4 percent of $ and 5 % bonus points")).toEqual([]);
  });

  it("a run of digits or groups longer than any amount: no figure read from its middle", () => {
    expect(brief("Card 1234567890123456789012345 points")).toEqual([]);
    expect(brief(`Earn 1${",000".repeat(12)} points`)).toEqual([]);
  });
});

describe("how many figures a version keeps", () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => `Earn ${String(i + 1)} points.`).join(" ");

  it("all of them up to 200, nothing cut", () => {
    const { figures, cut } = keptFigures(many(200), "en");
    expect(cut).toBe(false);
    expect(figures).toHaveLength(200);
    expect(figures.at(-1)).toEqual({ text: "200 points", value: 200, unit: "points" });
  });

  it("the first 200 in order beyond, and says they were cut", () => {
    const { figures, cut } = keptFigures(many(201), "en");
    expect(cut).toBe(true);
    expect(figures.map((f) => f.value)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  });

  it("figuresOf stops at its limit", () => {
    expect(figuresOf(many(10), "en", 3).map((f) => f.value)).toEqual([1, 2, 3]);
    expect(figuresOf(many(10), "en", 0)).toEqual([]);
  });
});

describe("numberOf", () => {
  it("a separator before any digit is the decimal one", () => {
    expect(numberOf(",5", ".")).toBe(0.5);
    expect(numberOf(".25", ",")).toBe(0.25);
  });
});

describe("any amount in any currency", () => {
  it("reads back as written, by code or symbol, in the page's language", () => {
    const named = fc.constantFrom(
      ...ISO_CODES.map((code) => [code, code, " "] as const),
      ["€", "EUR", ""] as const,
      ["£", "GBP", ""] as const,
      ["¥", "JPY", ""] as const,
      ["₹", "INR", ""] as const,
      ["US$", "USD", ""] as const,
      ["CA$", "CAD", " "] as const,
      ["A$", "AUD", ""] as const,
      ["HK$", "HKD", ""] as const,
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.boolean(),
        named,
        fc.constantFrom("en-US", "en-GB", "de-DE", "fr-FR", "de-CH", "en-IN", "es-MX", "en-CA"),
        (n, cents, [symbol, currency, gap], lang) => {
          const amount = cents ? n / 100 : n;
          const written = new Intl.NumberFormat(lang, { useGrouping: "always", maximumFractionDigits: 2 }).format(amount);
          expect(brief(`Earn ${symbol}${gap}${written} today.`, lang)).toEqual([
            { text: `${symbol}${gap}${written}`, value: amount, unit: "currency", currency },
          ]);
        },
      ),
      { seed: 5959, numRuns: 1_000 },
    );
  });
});
