import { describe, expect, it } from "vitest";
import { formatOneDecimal, formatPercent } from "./numbers";
import {
  DEFAULT_PROGRAM_SORT,
  programDisplayName,
  programOptions,
  programSummaryRows,
  sortProgramRows,
  UNKNOWN_PROGRAM,
} from "./program-summary";

const row = (programId: string, programName: string, clicks: number, activeLinks: number, totalLinks: number, listed = true) => ({
  programId,
  programName,
  clicks,
  activeLinks,
  totalLinks,
  listed,
});

describe("Top Programs by Clicks", () => {
  const rows = programSummaryRows([
    row("p1", "Chase Sapphire", 9, 2, 3),
    row("p2", "Amex Gold", 3, 1, 2),
    row("p3", "", 0, 0, 1),
    row("p4", "Wise", 0, 0, 0),
  ]);
  const rowOf = (id: string) => rows.find((r) => r.programId === id)!;

  it("has one row per program, including programs without clicks or links", () => {
    expect(rows.map((r) => r.programId).sort()).toEqual(["p1", "p2", "p3", "p4"]);
    expect(rowOf("p4")).toMatchObject({ clicks: 0, percentage: 0, activeLinks: 0, avgClicksPerLink: 0 });
  });

  it("shows clicks, % of total with one decimal, active links and clicks per link with one decimal", () => {
    expect(rowOf("p1")).toMatchObject({ name: "Chase Sapphire", clicks: 9, activeLinks: 2, totalLinks: 3 });
    expect(formatPercent(rowOf("p1").percentage)).toBe("75.0%");
    expect(formatOneDecimal(rowOf("p1").avgClicksPerLink)).toBe("3.0");
    expect(rowOf("p2")).toMatchObject({ clicks: 3, activeLinks: 1, totalLinks: 2 });
    expect(formatPercent(rowOf("p2").percentage)).toBe("25.0%");
    expect(formatOneDecimal(rowOf("p2").avgClicksPerLink)).toBe("1.5");
  });

  it("names a program without a name 'Unknown Program'", () => {
    expect(rowOf("p3").name).toBe("Unknown Program");
    expect(programDisplayName("  ")).toBe(UNKNOWN_PROGRAM);
    expect(programDisplayName(" Wise ")).toBe("Wise");
  });

  it("keeps a program that no longer exists, so the shares still add up, but marks it unlisted", () => {
    const withOrphan = programSummaryRows([row("p1", "Chase", 1, 1, 1), row("gone", "Old Bank", 3, 0, 0, false)]);
    expect(withOrphan.map((r) => [r.name, r.clicks, formatPercent(r.percentage), r.listed])).toEqual([
      ["Chase", 1, "25.0%", true],
      ["Old Bank", 3, "75.0%", false],
    ]);
  });

  it("sorts by clicks, most first, by default; equal clicks go by name", () => {
    expect(DEFAULT_PROGRAM_SORT).toEqual({ column: "clicks", direction: "desc" });
    expect(sortProgramRows(rows, DEFAULT_PROGRAM_SORT).map((r) => r.name)).toEqual([
      "Chase Sapphire",
      "Amex Gold",
      "Unknown Program",
      "Wise",
    ]);
  });

  it("sorts by any column in either direction", () => {
    expect(sortProgramRows(rows, { column: "name", direction: "asc" }).map((r) => r.name)).toEqual([
      "Amex Gold",
      "Chase Sapphire",
      "Unknown Program",
      "Wise",
    ]);
    expect(sortProgramRows(rows, { column: "activeLinks", direction: "desc" }).map((r) => r.programId)).toEqual(["p1", "p2", "p3", "p4"]);
    expect(sortProgramRows(rows, { column: "avgClicksPerLink", direction: "asc" }).map((r) => r.programId)).toEqual([
      "p3",
      "p4",
      "p2",
      "p1",
    ]);
    expect(sortProgramRows(rows, { column: "percentage", direction: "asc" }).map((r) => r.programId)).toEqual(["p3", "p4", "p2", "p1"]);
  });
});

describe("Select Program entries", () => {
  it("lists every program by name, case-insensitively", () => {
    expect(
      programOptions([
        { id: "1", name: "zeta" },
        { id: "2", name: "Alpha" },
        { id: "3", name: "beta" },
        { id: "4", name: "" },
      ]),
    ).toEqual([
      { id: "2", name: "Alpha" },
      { id: "3", name: "beta" },
      { id: "4", name: "Unknown Program" },
      { id: "1", name: "zeta" },
    ]);
  });
});
