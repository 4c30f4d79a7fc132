import { describe, expect, it } from "vitest";
import { formatDateAdded } from "./dates";
import { formatPercent } from "./numbers";
import { userPerformanceRows } from "./user-performance";

/** One link of the program as the server lists it: its clicks in the range and whether it is active. */
const link = (email: string, name: string, createdAt: string, clicks: number, isActive = true) => ({
  email,
  name,
  createdAt,
  clicks,
  isActive,
});

describe("User Performance", () => {
  const links = [
    link("amy@example.com", "Amy", "2026-03-01T10:00:00Z", 1),
    link("bob@example.com", "Bob", "2026-02-01T10:00:00Z", 3, false),
    link("cat@example.com", "Cat", "2026-04-01T10:00:00Z", 0),
  ];

  it("has one row per link owner of the program, most clicks first", () => {
    const rows = userPerformanceRows(links);
    expect(rows.map((row) => [row.name, row.email, row.clicks, formatPercent(row.percentage), row.activeLinks])).toEqual([
      ["Bob", "bob@example.com", 3, "75.0%", 0],
      ["Amy", "amy@example.com", 1, "25.0%", 1],
      ["Cat", "cat@example.com", 0, "0.0%", 1],
    ]);
  });

  it("gives an owner with two links in the program one row, dated by their first link, with both links' clicks", () => {
    const rows = userPerformanceRows([
      link("dan@example.com", "Dan B", "2026-05-01T10:00:00Z", 4),
      link("DAN@example.com", "Dan A", "2026-01-01T10:00:00Z", 2, false),
    ]);
    expect(rows).toEqual([
      { email: "DAN@example.com", name: "Dan A", clicks: 6, percentage: 100, activeLinks: 1, addedAt: "2026-01-01T10:00:00Z" },
    ]);
  });

  it("shows 'N/A' as Date Added when the link has no usable date", () => {
    const [row] = userPerformanceRows([link("eve@example.com", "Eve", "", 0)]);
    expect(row?.addedAt).toBeNull();
    expect(formatDateAdded(row?.addedAt)).toBe("N/A");
    expect(formatDateAdded("not a date")).toBe("N/A");
    expect(formatDateAdded("2026-03-01T10:00:00Z", "en-US")).toBe(new Date("2026-03-01T10:00:00Z").toLocaleDateString("en-US"));
  });

  it("is empty for a program without links", () => {
    expect(userPerformanceRows([])).toEqual([]);
  });
});
