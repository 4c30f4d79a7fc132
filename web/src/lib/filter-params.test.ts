import { describe, expect, it } from "vitest";
import { parseFilterParams, writeFilterParams } from "./filter-params";

const DEFAULTS = { hideDead: true, onlyFailing: false };

describe("filter params", () => {
  it("reads the defaults from an address without filters, and ignores unreadable values", () => {
    expect(parseFilterParams(new URLSearchParams("tab=links&q=amex"), DEFAULTS)).toEqual(DEFAULTS);
    expect(parseFilterParams(new URLSearchParams("hideDead=maybe&onlyFailing=yes"), DEFAULTS)).toEqual(DEFAULTS);
  });

  it("reads the filters the address holds", () => {
    expect(parseFilterParams(new URLSearchParams("hideDead=0&onlyFailing=1"), DEFAULTS)).toEqual({ hideDead: false, onlyFailing: true });
  });

  it("writes only what differs from the defaults and keeps the other parameters", () => {
    const written = writeFilterParams(new URLSearchParams("tab=links&q=amex&onlyFailing=1"), DEFAULTS, {
      hideDead: false,
      onlyFailing: false,
    });
    expect(written.toString()).toBe("tab=links&q=amex&hideDead=0");
    expect(parseFilterParams(written, DEFAULTS)).toEqual({ hideDead: false, onlyFailing: false });
  });
});
