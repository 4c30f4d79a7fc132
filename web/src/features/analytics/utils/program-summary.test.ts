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

const link = (programId: string, flags: { approved?: boolean; paused?: boolean; isDead?: boolean; failing?: boolean } = {}) => ({
  programId,
  // the server's decision, sent with each link
  isActive: (flags.approved ?? true) && !flags.paused && !flags.isDead && !flags.failing,
});
const record = (programId: string, totalClicks?: number, programName = "") =>
  totalClicks === undefined ? { programId, programName } : { programId, programName, totalClicks };

describe("Top Programs by Clicks", () => {
  const programs = [
    { id: "p1", name: "Chase Sapphire" },
    { id: "p2", name: "Amex Gold" },
    { id: "p3", name: "" },
    { id: "p4", name: "Wise" },
  ];
  const links = [
    link("p1"),
    link("p1"),
    link("p1", { paused: true }),
    link("p2"),
    link("p2", { isDead: true }),
    link("p3", { approved: false }),
  ];
  const records = [record("p1", 6), record("p1", 3), record("p2", 2), record("p2"), record("p3", 0)];
  const rows = programSummaryRows(programs, links, records);
  const row = (id: string) => rows.find((r) => r.programId === id)!;

  it("has one row per program, including programs without clicks or links", () => {
    expect(rows.map((r) => r.programId).sort()).toEqual(["p1", "p2", "p3", "p4"]);
    expect(row("p4")).toMatchObject({ clicks: 0, percentage: 0, activeLinks: 0, avgClicksPerLink: 0 });
  });

  it("shows clicks, % of total with one decimal, active links and clicks per link with one decimal", () => {
    expect(row("p1")).toMatchObject({ name: "Chase Sapphire", clicks: 9, activeLinks: 2, totalLinks: 3 });
    expect(formatPercent(row("p1").percentage)).toBe("75.0%");
    expect(formatOneDecimal(row("p1").avgClicksPerLink)).toBe("3.0");
    // A record without a count is one click: 2 + 1 of 12.
    expect(row("p2")).toMatchObject({ clicks: 3, activeLinks: 1, totalLinks: 2 });
    expect(formatPercent(row("p2").percentage)).toBe("25.0%");
    expect(formatOneDecimal(row("p2").avgClicksPerLink)).toBe("1.5");
  });

  it("names a program without a name 'Unknown Program'", () => {
    expect(row("p3").name).toBe("Unknown Program");
    expect(programDisplayName("  ")).toBe(UNKNOWN_PROGRAM);
    expect(programDisplayName(" Wise ")).toBe("Wise");
  });

  it("keeps a program only the click records know, so the shares still add up, but marks it unlisted", () => {
    const withOrphan = programSummaryRows([{ id: "p1", name: "Chase" }], [link("p1")], [record("p1", 1), record("gone", 3, "Old Bank")]);
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
