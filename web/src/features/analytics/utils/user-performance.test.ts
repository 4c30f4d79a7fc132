import { describe, expect, it } from "vitest";
import { formatDateAdded } from "./dates";
import { formatPercent } from "./numbers";
import { userPerformanceRows } from "./user-performance";

const link = (
  programId: string,
  email: string,
  name: string,
  createdAt: string,
  flags: { approved?: boolean; paused?: boolean; isDead?: boolean } = {},
) => ({
  programId,
  email,
  name,
  createdAt,
  // the server's decision, sent with each link
  isActive: (flags.approved ?? true) && !flags.paused && !flags.isDead,
});
const record = (programId: string, linkEmail: string, totalClicks?: number) =>
  totalClicks === undefined ? { programId, linkEmail } : { programId, linkEmail, totalClicks };

describe("User Performance", () => {
  const links = [
    link("p1", "amy@example.com", "Amy", "2026-03-01T10:00:00Z"),
    link("p1", "bob@example.com", "Bob", "2026-02-01T10:00:00Z", { paused: true }),
    link("p1", "cat@example.com", "Cat", "2026-04-01T10:00:00Z"),
    link("p2", "amy@example.com", "Amy elsewhere", "2025-01-01T10:00:00Z"),
  ];
  const records = [
    record("p1", "amy@example.com", 1),
    record("p1", "bob@example.com", 2),
    record("p1", "bob@example.com"),
    record("p2", "amy@example.com", 50),
  ];

  it("has one row per link owner of the program, most clicks first", () => {
    const rows = userPerformanceRows("p1", links, records);
    expect(rows.map((row) => [row.name, row.email, row.clicks, formatPercent(row.percentage), row.activeLinks])).toEqual([
      ["Bob", "bob@example.com", 3, "75.0%", 0],
      ["Amy", "amy@example.com", 1, "25.0%", 1],
      ["Cat", "cat@example.com", 0, "0.0%", 1],
    ]);
  });

  it("counts only the chosen program's records and links", () => {
    const [amy] = userPerformanceRows("p2", links, records);
    expect(amy).toMatchObject({ name: "Amy elsewhere", clicks: 50, percentage: 100, activeLinks: 1 });
  });

  it("gives an owner with two links in the program one row, dated by their first link", () => {
    const rows = userPerformanceRows(
      "p1",
      [
        link("p1", "dan@example.com", "Dan B", "2026-05-01T10:00:00Z"),
        link("p1", "DAN@example.com", "Dan A", "2026-01-01T10:00:00Z", { isDead: true }),
      ],
      [record("p1", "dan@example.com", 4)],
    );
    expect(rows).toEqual([
      { email: "DAN@example.com", name: "Dan A", clicks: 4, percentage: 100, activeLinks: 1, addedAt: "2026-01-01T10:00:00Z" },
    ]);
  });

  it("shows 'N/A' as Date Added when the link has no usable date", () => {
    const [row] = userPerformanceRows("p1", [link("p1", "eve@example.com", "Eve", "")], []);
    expect(row?.addedAt).toBeNull();
    expect(formatDateAdded(row?.addedAt)).toBe("N/A");
    expect(formatDateAdded("not a date")).toBe("N/A");
    expect(formatDateAdded("2026-03-01T10:00:00Z", "en-US")).toBe(new Date("2026-03-01T10:00:00Z").toLocaleDateString("en-US"));
  });

  it("is empty for a program without links or clicks", () => {
    expect(userPerformanceRows("p9", links, records)).toEqual([]);
  });
});
