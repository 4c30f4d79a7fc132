import { describe, expect, it } from "vitest";
import { isSiteOf, listQueryCallSites, siteOf } from "./call-sites";
import { checkRecorded, failuresOf } from "./check-recorded";

describe("listQueryCallSites", () => {
  const sites = listQueryCallSites();
  const kinds = (file: string) => sites.filter((s) => s.file === file).map((s) => s.kind);

  it("finds queries, counts and queries read in transactions, by their types", { timeout: 60_000 }, () => {
    expect(kinds("functions/src/catalog/programs.store.ts")).toEqual(
      expect.arrayContaining(["Query.get", "AggregateQuery.get", "Transaction.get(Query)"]),
    );
    expect(kinds("functions/src/auth/email-tokens.store.ts")).toContain("Transaction.get(Query)");
  });
  it("leaves out document reads and tests", () => {
    expect(sites.every((s) => s.file.startsWith("functions/src/") && !s.file.endsWith(".test.ts"))).toBe(true);
    expect(sites.some((s) => s.kind.startsWith("DocumentReference"))).toBe(false);
  });
  it("takes a recorded frame anywhere from the call's first line to its method's line", () => {
    const site = { file: "functions/src/a.ts", line: 12, column: 5, firstLine: 9, kind: "Query.get" };
    expect(isSiteOf(site, "functions/src/a.ts:9")).toBe(true);
    expect(isSiteOf(site, "functions/src/a.ts:12")).toBe(true);
    expect(isSiteOf(site, "functions/src/a.ts:13")).toBe(false);
    expect(isSiteOf(site, "functions/src/b.ts:12")).toBe(false);
  });
  it("tells calls on one line apart by column", () => {
    const first = { file: "functions/src/a.ts", line: 3, column: 20, firstLine: 3, kind: "Query.get" };
    const second = { ...first, column: 60 };
    expect(siteOf([first, second], "functions/src/a.ts:3", 55)).toBe(second);
    expect(siteOf([first, second], "functions/src/a.ts:3", 12)).toBe(first);
    expect(siteOf([first, second], "functions/src/a.ts:4", 12)).toBeUndefined();
  });
});

describe("failuresOf", () => {
  const recorded = (site: string, where: unknown, orderBy?: unknown) => ({
    site,
    via: "Query.get",
    structuredQuery: { from: [{ collectionId: "users" }], where, ...(orderBy ? { orderBy } : {}) },
    column: 1,
    processes: 1,
  });
  const site = { file: "functions/src/a.ts", line: 3, column: 1, firstLine: 3, kind: "Query.get" };
  it("names a refused query with the index it needs, an unrun site and an unknown one", () => {
    const checked = checkRecorded(
      [
        recorded("functions/src/a.ts:3", { fieldFilter: { field: { fieldPath: "isAdmin" }, op: "EQUAL", value: "booleanValue" } }, [
          { field: { fieldPath: "createdAt" }, direction: "DESCENDING" },
        ]),
        recorded("functions/src/b.ts:1", { fieldFilter: { field: { fieldPath: "x" }, op: "LIKE", value: "stringValue" } }),
      ],
      { indexes: [] },
    );
    const failures = failuresOf(checked, [site, { ...site, file: "functions/src/c.ts" }]);
    expect(failures.refused).toHaveLength(1);
    expect(failures.refused[0]).toContain('"fieldPath": "createdAt"');
    expect(failures.unrecognised[0]).toContain("unknown filter operator LIKE");
    expect(failures.unrun).toEqual(["functions/src/c.ts:3 (Query.get): no test ran this query"]);
    expect(failures.unknownSites[0]).toMatch(/^functions\/src\/b.ts:1/);
  });
});
