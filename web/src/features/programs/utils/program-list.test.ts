import { describe, expect, it } from "vitest";
import { otherPrograms } from "@/lib/sorting";
import { DEFAULT_PROGRAM_FILTERS, fallbackUrlForRequest, filterPrograms } from "./program-list";

const program = (name: string, approved: boolean, isSharedOnSite: boolean) => ({ id: name, name, approved, isSharedOnSite });

describe("program filters", () => {
  const programs = [
    program("zeta", false, true),
    program("Alpha", true, true),
    program("beta", false, false),
    program("Gamma", true, false),
  ];

  it("defaults to hiding approved programs, all programs regardless of site", () => {
    expect(DEFAULT_PROGRAM_FILTERS).toEqual({ hideApproved: true, linksOnSite: false });
    expect(filterPrograms(programs, DEFAULT_PROGRAM_FILTERS).map((p) => p.name)).toEqual(["beta", "zeta"]);
  });

  it("'Links on Site' keeps only shared programs", () => {
    expect(filterPrograms(programs, { hideApproved: false, linksOnSite: true }).map((p) => p.name)).toEqual(["Alpha", "zeta"]);
  });

  it("sorts by name case-insensitively with both filters off", () => {
    expect(filterPrograms(programs, { hideApproved: false, linksOnSite: false }).map((p) => p.name)).toEqual([
      "Alpha",
      "beta",
      "Gamma",
      "zeta",
    ]);
  });
});

describe("other programs", () => {
  it("excludes the current program", () => {
    expect(otherPrograms([program("b", true, true), program("a", true, true), program("c", true, true)], "b").map((p) => p.id)).toEqual([
      "a",
      "c",
    ]);
  });
});

describe("fallbackUrlForRequest", () => {
  it("sends null for an empty field and the trimmed address otherwise", () => {
    expect(fallbackUrlForRequest("  ")).toBeNull();
    expect(fallbackUrlForRequest(" https://example.com ")).toBe("https://example.com");
  });
});
