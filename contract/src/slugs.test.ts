import { describe, expect, it } from "vitest";
import { INVALID_TEXT_MESSAGE } from "./common";
import { isSlug, shortRotationPath, SLUG_INVALID_MESSAGE, SLUG_MAX, slugCandidate, slugField, slugFromId, slugFromName } from "./slugs";

describe("slugFromName", () => {
  it.each([
    ["Chase Sapphire Preferred", "chase-sapphire-preferred"],
    ["Café Crédit 🦄", "cafe-credit"],
    ["Amex — Gold & Platinum!", "amex-gold-platinum"],
    ["Capital One's Venture", "capital-ones-venture"],
    ["  Discover   it®  ", "discover-it"],
    ["Ünïcödé Bänk", "unicode-bank"],
    ["x\u202ey", "x-y"],
  ])("%j gives %j", (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
  });

  it("cuts at a word boundary to 60 characters", () => {
    const slug = slugFromName("word ".repeat(20))!;
    expect(slug).toBe(Array.from({ length: 12 }, () => "word").join("-"));
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(isSlug(slug)).toBe(true);
  });

  it("cuts a first word longer than the limit", () => {
    expect(slugFromName(`${"a".repeat(70)} bank`)).toBe("a".repeat(60));
  });

  it.each(["X", "ab", "🦄", "בנק הפועלים", "!!!", ""])("%j gives fewer than 3 characters: null", (name) => {
    expect(slugFromName(name)).toBeNull();
  });
});

describe("slugFromId and slugCandidate", () => {
  it("a short name's slug is program- and the id's first 8, lower-cased", () => {
    expect(slugFromId("AbC_12xYZq")).toBe("program-abc012xy");
    expect(isSlug(slugFromId("dW9TkZrJSpUXmz9OAq7q"))).toBe(true);
  });

  it("the first candidate is the base, then -2, -3, … within 60 characters and ending on a letter or digit", () => {
    expect(slugCandidate("chase-gold", 1)).toBe("chase-gold");
    expect(slugCandidate("chase-gold", 2)).toBe("chase-gold-2");
    expect(slugCandidate("chase-gold", 3)).toBe("chase-gold-3");
    const long = slugCandidate("a".repeat(60), 12);
    expect(long).toBe(`${"a".repeat(57)}-12`);
    const atHyphen = slugCandidate(`${"a".repeat(58)}-b`, 2);
    expect(atHyphen).toBe(`${"a".repeat(58)}-2`);
    expect([long, atHyphen].every(isSlug)).toBe(true);
  });

  it("the short address's path", () => {
    expect(shortRotationPath("chase-gold")).toBe("/r/chase-gold");
  });
});

describe("slugField", () => {
  it.each(["abc", "chase-gold", "a1-b2-c3", "x".repeat(60)])("takes %j", (slug) => {
    expect(slugField.parse(slug)).toBe(slug);
  });

  it.each(["Chase-Gold", "chase--gold", "ab", "x".repeat(61), "-chase", "chase-", "chase gold", "chase_gold", "café", 42, null])(
    "refuses %j with one issue, the rule's message",
    (value) => {
      const issues = slugField.safeParse(value).error?.issues ?? [];
      expect(issues.map((i) => i.message)).toEqual([SLUG_INVALID_MESSAGE]);
    },
  );

  it("refuses a lone surrogate as every text field does", () => {
    expect(slugField.safeParse("ab\ud800").error?.issues.map((i) => i.message)).toEqual([INVALID_TEXT_MESSAGE]);
  });
});
