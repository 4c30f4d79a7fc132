import { describe, expect, it } from "vitest";
import { parseShape } from "./shape";

const field = (fieldPath: string, op: string) => ({ fieldFilter: { field: { fieldPath }, op, value: "stringValue" } });

describe("parseShape", () => {
  it("reads a collection query's filters, orders and cursor", () => {
    const parsed = parseShape({
      from: [{ collectionId: "referral_links" }],
      where: {
        compositeFilter: {
          op: "AND",
          filters: [field("approved", "EQUAL"), { unaryFilter: { field: { fieldPath: "endedAt" }, op: "IS_NULL" } }],
        },
      },
      orderBy: [{ field: { fieldPath: "__name__" }, direction: "ASCENDING" }],
      startAt: { values: ["referenceValue"] },
      limit: { value: 100 },
      select: { fields: [{ fieldPath: "link" }] },
    });
    expect(parsed).toEqual({
      ok: true,
      shape: {
        collection: "referral_links",
        scope: "COLLECTION",
        disjuncts: [
          [
            { field: "approved", op: "EQUAL" },
            { field: "endedAt", op: "IS_NULL" },
          ],
        ],
        orderBy: [{ field: "__name__", direction: "ASCENDING" }],
        aggregations: [],
      },
    });
  });
  it("reads a collection group and an aggregation", () => {
    const parsed = parseShape({ from: [{ collectionId: "pages", allDescendants: true }] }, [{ alias: "aggregate_0", count: {} }]);
    expect(parsed).toMatchObject({ ok: true, shape: { scope: "COLLECTION_GROUP", aggregations: ["count"], disjuncts: [[]] } });
  });
  it("expands OR inside AND into disjuncts", () => {
    const parsed = parseShape({
      from: [{ collectionId: "c" }],
      where: {
        compositeFilter: {
          op: "AND",
          filters: [field("a", "EQUAL"), { compositeFilter: { op: "OR", filters: [field("b", "EQUAL"), field("c", "GREATER_THAN")] } }],
        },
      },
    });
    expect(parsed.ok && parsed.shape.disjuncts).toEqual([
      [
        { field: "a", op: "EQUAL" },
        { field: "b", op: "EQUAL" },
      ],
      [
        { field: "a", op: "EQUAL" },
        { field: "c", op: "GREATER_THAN" },
      ],
    ]);
  });
  it.each([
    ["an unknown query part", { from: [{ collectionId: "c" }], findNearest: {} }],
    ["a kindless query", { from: [{ allDescendants: true }] }],
    ["two collections", { from: [{ collectionId: "a" }, { collectionId: "b" }] }],
    ["an unknown operator", { from: [{ collectionId: "c" }], where: field("a", "LIKE") }],
    ["an unknown filter kind", { from: [{ collectionId: "c" }], where: { textFilter: {} } }],
    ["a quoted field path", { from: [{ collectionId: "c" }], where: field("`a.b`", "EQUAL") }],
    ["an order without a direction", { from: [{ collectionId: "c" }], orderBy: [{ field: { fieldPath: "a" } }] }],
  ])("refuses %s", (_name, query) => {
    expect(parseShape(query).ok).toBe(false);
  });
  it("refuses an unknown aggregation", () => {
    expect(parseShape({ from: [{ collectionId: "c" }] }, [{ alias: "x", median: { field: { fieldPath: "a" } } }]).ok).toBe(false);
  });
});
