import { describe, expect, it } from "vitest";
import { SLUG_INVALID_MESSAGE, SLUG_TAKEN_MESSAGE } from "@hub/contract/slugs";
import {
  programSlugsSummaryOf,
  programSlugsSummaryText,
  programsWithoutSlug,
  shortAddressPreview,
  slugForRequest,
  slugInputError,
  slugTakenMessage,
} from "./short-address";

describe("slugInputError", () => {
  it("flags what is no slug as it is typed, never the program's own", () => {
    expect(slugInputError("chase-gold", "chase")).toBeUndefined();
    expect(slugInputError("chase", "chase")).toBeUndefined();
    for (const bad of ["", "ab", "Chase-Gold", "chase gold", "chase--gold", "-chase", "chase-", "café", "a".repeat(61)]) {
      expect(slugInputError(bad, "chase")).toBe(SLUG_INVALID_MESSAGE);
    }
  });

  it("has nothing to say about a program that has no slug yet", () => {
    expect(slugInputError("", null)).toBeUndefined();
  });
});

describe("slugForRequest", () => {
  it("sends the slug only when it changed", () => {
    expect(slugForRequest("chase", "chase")).toBeUndefined();
    expect(slugForRequest("chase-gold", "chase")).toBe("chase-gold");
    expect(slugForRequest("", null)).toBeUndefined();
  });
});

describe("slugTakenMessage", () => {
  it("turns 409 SLUG_TAKEN into the field's message, nothing else", () => {
    expect(slugTakenMessage({ code: "SLUG_TAKEN" })).toBe(SLUG_TAKEN_MESSAGE);
    expect(slugTakenMessage({ code: "VALIDATION" })).toBeUndefined();
    expect(slugTakenMessage(new Error("409"))).toBeUndefined();
    expect(slugTakenMessage(null)).toBeUndefined();
  });
});

it("previews the address from the site's origin", () => {
  expect(shortAddressPreview("chase-gold", "https://hub.example")).toBe("https://hub.example/r/chase-gold");
});

it("counts the approved programs still on the long address", () => {
  const programs = [
    { approved: true, slug: null },
    { approved: true, slug: "chase" },
    { approved: false, slug: null },
    { approved: true, slug: null },
  ];
  expect(programsWithoutSlug(programs)).toBe(2);
  expect(programsWithoutSlug([])).toBe(0);
});

describe("the one-off job's summary", () => {
  it("is read from the job and said in a sentence", () => {
    expect(programSlugsSummaryOf({ summary: { programsGivenSlugs: 3 } })).toEqual({ programsGivenSlugs: 3 });
    expect(programSlugsSummaryOf({})).toBeNull();
    expect(programSlugsSummaryText({ programsGivenSlugs: 3 })).toBe("3 programs given short addresses");
    expect(programSlugsSummaryText({ programsGivenSlugs: 1 })).toBe("1 program given a short address");
    expect(programSlugsSummaryText({ programsGivenSlugs: 1200 })).toBe("1,200 programs given short addresses");
  });
});
