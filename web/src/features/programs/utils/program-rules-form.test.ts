import { describe, expect, it } from "vitest";
import { updateProgramRequestSchema } from "@hub/contract/programs";
import { parseForm } from "@/lib/form-errors";
import { programRulesForRequest, programRulesValues, serverFieldErrors } from "./program-rules-form";

const NO_RULES = { referrerCap: null, offerEndsOn: null, termsUrl: null };

describe("the program form's rules", () => {
  it("opens with the program's rules, empty where it has none", () => {
    expect(programRulesValues(NO_RULES)).toEqual({ referrerCap: "", capPeriod: "calendar-year", offerEndsOn: "", termsUrl: "" });
    expect(
      programRulesValues({
        referrerCap: { count: 5, period: "rolling-12-months" },
        offerEndsOn: "2026-12-31",
        termsUrl: "https://bank.example/terms",
      }),
    ).toEqual({ referrerCap: "5", capPeriod: "rolling-12-months", offerEndsOn: "2026-12-31", termsUrl: "https://bank.example/terms" });
  });

  it("sends every rule, and null for a field left empty (which clears it)", () => {
    expect(programRulesForRequest({ referrerCap: " ", capPeriod: "rolling-12-months", offerEndsOn: "", termsUrl: "  " })).toEqual(NO_RULES);
    expect(
      programRulesForRequest({
        referrerCap: " 5 ",
        capPeriod: "calendar-year",
        offerEndsOn: "2026-12-31",
        termsUrl: " https://t.example ",
      }),
    ).toEqual({ referrerCap: { count: 5, period: "calendar-year" }, offerEndsOn: "2026-12-31", termsUrl: "https://t.example" });
  });

  it("leaves a bad count for the contract's schema to refuse under the cap's field", () => {
    for (const typed of ["0", "1001", "2.5", "five"]) {
      const parsed = parseForm(
        updateProgramRequestSchema,
        programRulesForRequest({ referrerCap: typed, capPeriod: "calendar-year", offerEndsOn: "", termsUrl: "" }),
      );
      expect(parsed).toEqual({ ok: false, errors: { referrerCap: "Cap must be a whole number from 1 to 1000" } });
    }
  });

  it("puts the server's messages under the fields they name", () => {
    const error = {
      issues: [
        { path: "referrerCap.count", message: "Cap must be a whole number from 1 to 1000" },
        { path: "termsUrl", message: "Invalid URL" },
        { path: "termsUrl", message: "second message" },
        { path: "other", message: "not a field of the form" },
      ],
    };
    expect(serverFieldErrors(error, ["referrerCap", "offerEndsOn", "termsUrl"])).toEqual({
      referrerCap: "Cap must be a whole number from 1 to 1000",
      termsUrl: "Invalid URL",
    });
    expect(serverFieldErrors({ issues: [{ path: "other", message: "x" }] }, ["termsUrl"])).toBeNull();
    expect(serverFieldErrors(new Error("500: Internal server error"), ["termsUrl"])).toBeNull();
  });
});
