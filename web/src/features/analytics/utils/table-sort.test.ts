import { describe, expect, it } from "vitest";
import { nextSort, sortRows, type SortState } from "./table-sort";

type Column = "name" | "clicks";

describe("sort header clicks", () => {
  it("a newly chosen column starts descending", () => {
    expect(nextSort<Column>({ column: "clicks", direction: "desc" }, "name")).toEqual({ column: "name", direction: "desc" });
    expect(nextSort<Column>({ column: "clicks", direction: "asc" }, "name")).toEqual({ column: "name", direction: "desc" });
  });

  it("clicking the active column flips its direction, back and forth", () => {
    const first = nextSort<Column>({ column: "clicks", direction: "desc" }, "clicks");
    expect(first).toEqual({ column: "clicks", direction: "asc" });
    expect(nextSort(first, "clicks")).toEqual({ column: "clicks", direction: "desc" });
  });
});

describe("sorted rows", () => {
  const rows = [
    { name: "beta", clicks: 5 },
    { name: "Alpha", clicks: 10 },
    { name: "gamma", clicks: 5 },
    { name: "delta", clicks: 0 },
  ];
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  const names = (sort: SortState<Column>) => sortRows(rows, sort, byName).map((row) => row.name);

  it("orders numbers numerically and keeps equal values in name order both ways", () => {
    expect(names({ column: "clicks", direction: "desc" })).toEqual(["Alpha", "beta", "gamma", "delta"]);
    expect(names({ column: "clicks", direction: "asc" })).toEqual(["delta", "beta", "gamma", "Alpha"]);
  });

  it("orders text case-insensitively", () => {
    expect(names({ column: "name", direction: "asc" })).toEqual(["Alpha", "beta", "delta", "gamma"]);
    expect(names({ column: "name", direction: "desc" })).toEqual(["gamma", "delta", "beta", "Alpha"]);
  });

  it("leaves the input untouched", () => {
    sortRows(rows, { column: "clicks", direction: "asc" }, byName);
    expect(rows[0]?.name).toBe("beta");
  });
});
