import { describe, expect, it } from "vitest";
import { checkShape, overrideFor, planOf, type IndexConfig, type Verdict } from "./rules";
import type { FieldFilter, Order, Shape } from "./shape";

const shape = (filters: FieldFilter[] | FieldFilter[][], orderBy: Order[] = [], extra: Partial<Shape> = {}): Shape => ({
  collection: "links",
  scope: "COLLECTION",
  disjuncts: filters.length > 0 && Array.isArray(filters[0]) ? (filters as FieldFilter[][]) : [filters as FieldFilter[]],
  orderBy,
  aggregations: [],
  ...extra,
});
const eq = (field: string): FieldFilter => ({ field, op: "EQUAL" });
const gt = (field: string): FieldFilter => ({ field, op: "GREATER_THAN" });
const asc = (field: string): Order => ({ field, direction: "ASCENDING" });
const desc = (field: string): Order => ({ field, direction: "DESCENDING" });
const none: IndexConfig = { indexes: [], fieldOverrides: [] };
const composite = (...fields: [string, "ASCENDING" | "DESCENDING" | "CONTAINS"][]): IndexConfig["indexes"][number] => ({
  collectionGroup: "links",
  queryScope: "COLLECTION",
  fields: fields.map(([fieldPath, mode]) => (mode === "CONTAINS" ? { fieldPath, arrayConfig: "CONTAINS" } : { fieldPath, order: mode })),
});
const served = (verdict: Verdict) => {
  expect(verdict.kind, JSON.stringify(verdict)).toBe("served");
  return (verdict as { by: string }).by;
};
const refused = (verdict: Verdict) => {
  expect(verdict.kind, JSON.stringify(verdict)).toBe("refused");
  return verdict as Extract<Verdict, { kind: "refused" }>;
};

describe("automatic single-field indexes", () => {
  it("serve one equality, one range, or one order on a field, in both directions", () => {
    expect(served(checkShape(shape([eq("email")]), none))).toBe("single-field email");
    expect(served(checkShape(shape([gt("day")]), none))).toBe("single-field day ASCENDING");
    expect(served(checkShape(shape([], [desc("day")]), none))).toBe("single-field day DESCENDING");
    expect(served(checkShape(shape([gt("day")], [desc("day")]), none))).toBe("single-field day DESCENDING");
  });
  it("serve map sub-fields", () => {
    expect(served(checkShape(shape([eq("health.status")]), none))).toBe("single-field health.status");
  });
  it("serve a query with no filter and no order by the key", () => {
    expect(served(checkShape(shape([], [asc("__name__")]), none))).toBe("the built-in __name__ index");
    expect(served(checkShape(shape([gt("__name__")]), none))).toBe("the built-in __name__ index");
  });
});

describe("index merging", () => {
  it("serves several equalities (and in) on different fields from single-field indexes", () => {
    expect(served(checkShape(shape([eq("approved"), eq("paused"), { field: "email", op: "IN" }]), none))).toBe(
      "merged single-field approved, paused, email",
    );
  });
  it("keeps serving them when the query orders by the key only (a cursor's page)", () => {
    expect(served(checkShape(shape([eq("approved"), eq("paused")], [asc("__name__")]), none))).toContain("merged");
  });
  it("serves equalities with array-contains", () => {
    expect(served(checkShape(shape([eq("programId"), { field: "linkIds", op: "ARRAY_CONTAINS_ANY" }]), none))).toContain("merged");
  });
  it("does not serve equalities ordered by another field: that needs a composite index", () => {
    const verdict = refused(checkShape(shape([eq("username")], [asc("createdAt")]), none));
    expect(verdict.needs.indexes).toEqual([composite(["username", "ASCENDING"], ["createdAt", "ASCENDING"])]);
  });
  it("merges composites that share the order fields to cover the equalities", () => {
    const config = { indexes: [composite(["a", "ASCENDING"], ["c", "ASCENDING"]), composite(["b", "ASCENDING"], ["c", "ASCENDING"])] };
    expect(served(checkShape(shape([eq("a"), eq("b")], [asc("c")]), config))).toBe(
      "merged composite (a ASCENDING, c ASCENDING) + composite (b ASCENDING, c ASCENDING)",
    );
  });
  it("drops an order on a field held equal", () => {
    expect(served(checkShape(shape([eq("a"), eq("b")], [asc("a")]), none))).toContain("merged");
  });
});

describe("inequality with an order on another field", () => {
  it("orders by the explicit order, then the inequality field, then the key", () => {
    expect(planOf([gt("expiresAt")], [desc("createdAt")])).toMatchObject({
      orders: [desc("createdAt"), desc("expiresAt")],
      nameDirection: "DESCENDING",
    });
  });
  it("needs a composite index in that order", () => {
    const verdict = refused(checkShape(shape([gt("expiresAt")], [desc("createdAt")]), none));
    expect(verdict.needs.indexes[0]!.fields).toEqual([
      { fieldPath: "createdAt", order: "DESCENDING" },
      { fieldPath: "expiresAt", order: "DESCENDING" },
    ]);
    const config = { indexes: [composite(["createdAt", "DESCENDING"], ["expiresAt", "DESCENDING"])] };
    expect(served(checkShape(shape([gt("expiresAt")], [desc("createdAt")]), config))).toBe(
      "composite (createdAt DESCENDING, expiresAt DESCENDING)",
    );
  });
  it("needs equality fields before the range field", () => {
    const query = shape([eq("email"), gt("expiresAt")]);
    expect(refused(checkShape(query, none)).needs.indexes[0]!.fields.map((f) => f.fieldPath)).toEqual(["email", "expiresAt"]);
    expect(served(checkShape(query, { indexes: [composite(["email", "ASCENDING"], ["expiresAt", "ASCENDING"])] }))).toContain("composite");
  });
  it("refuses a composite whose order fields or directions differ", () => {
    const query = shape([eq("email")], [desc("recordedAt")]);
    expect(checkShape(query, { indexes: [composite(["email", "ASCENDING"], ["recordedAt", "ASCENDING"])] }).kind).toBe("refused");
    expect(checkShape(query, { indexes: [composite(["recordedAt", "DESCENDING"], ["email", "ASCENDING"])] }).kind).toBe("refused");
  });
});

describe("several range filters on different fields", () => {
  it("order the unordered inequality fields by field path after the explicit orders", () => {
    expect(planOf([gt("zeta"), gt("alpha"), eq("x")], [])).toMatchObject({ orders: [asc("alpha"), asc("zeta")] });
    expect(planOf([gt("zeta"), gt("alpha")], [asc("zeta")])).toMatchObject({ orders: [asc("zeta"), asc("alpha")] });
  });
  it("need a composite index over them", () => {
    const verdict = refused(checkShape(shape([gt("population"), gt("density")]), none));
    expect(verdict.needs.indexes[0]!.fields).toEqual([
      { fieldPath: "density", order: "ASCENDING" },
      { fieldPath: "population", order: "ASCENDING" },
    ]);
  });
});

describe("array-contains", () => {
  it("is served by the automatic array-contains index", () => {
    expect(served(checkShape(shape([{ field: "tags", op: "ARRAY_CONTAINS" }]), none))).toBe("single-field tags");
  });
  it("with an order needs a composite with arrayConfig CONTAINS", () => {
    const query = shape([{ field: "tags", op: "ARRAY_CONTAINS" }], [asc("createdAt")]);
    expect(refused(checkShape(query, none)).needs.indexes[0]!.fields).toEqual([
      { fieldPath: "tags", arrayConfig: "CONTAINS" },
      { fieldPath: "createdAt", order: "ASCENDING" },
    ]);
    expect(checkShape(query, { indexes: [composite(["tags", "ASCENDING"], ["createdAt", "ASCENDING"])] }).kind).toBe("refused");
    expect(served(checkShape(query, { indexes: [composite(["tags", "CONTAINS"], ["createdAt", "ASCENDING"])] }))).toContain(
      "tags CONTAINS",
    );
  });
  it("is refused when exempted from its array-contains index", () => {
    const config: IndexConfig = {
      indexes: [],
      fieldOverrides: [{ collectionGroup: "links", fieldPath: "tags", indexes: [{ order: "ASCENDING" }] }],
    };
    expect(refused(checkShape(shape([{ field: "tags", op: "ARRAY_CONTAINS" }]), config)).needs.fieldOverrides[0]!.indexes).toContainEqual({
      arrayConfig: "CONTAINS",
      queryScope: "COLLECTION",
    });
  });
});

describe("collection-group scope", () => {
  const group = (filters: FieldFilter[], orderBy: Order[] = []) =>
    shape(filters, orderBy, { collection: "pages", scope: "COLLECTION_GROUP" });
  it("has no automatic single-field index: an override must add it", () => {
    const verdict = refused(checkShape(group([eq("jobId")]), none));
    expect(verdict.needs.fieldOverrides).toEqual([
      {
        collectionGroup: "pages",
        fieldPath: "jobId",
        indexes: [
          { order: "ASCENDING", queryScope: "COLLECTION" },
          { order: "DESCENDING", queryScope: "COLLECTION" },
          { arrayConfig: "CONTAINS", queryScope: "COLLECTION" },
          { order: "ASCENDING", queryScope: "COLLECTION_GROUP" },
        ],
      },
    ]);
    const config = { indexes: [], fieldOverrides: verdict.needs.fieldOverrides };
    expect(served(checkShape(group([eq("jobId")]), config))).toBe("single-field jobId");
  });
  it("uses only composites of collection-group scope", () => {
    const index = { ...composite(["jobId", "ASCENDING"], ["at", "ASCENDING"]), collectionGroup: "pages" };
    expect(checkShape(group([eq("jobId")], [asc("at")]), { indexes: [index] }).kind).toBe("refused");
    expect(checkShape(group([eq("jobId")], [asc("at")]), { indexes: [{ ...index, queryScope: "COLLECTION_GROUP" }] }).kind).toBe("served");
  });
});

describe("field overrides and exemptions", () => {
  const exempt: IndexConfig = { indexes: [], fieldOverrides: [{ collectionGroup: "links", fieldPath: "clickedAt", indexes: [] }] };
  it("an exemption (`indexes: []`) refuses the field's single-field queries and names the override that restores one", () => {
    const verdict = refused(checkShape(shape([gt("clickedAt")]), exempt));
    expect(verdict.needs.fieldOverrides).toEqual([
      { collectionGroup: "links", fieldPath: "clickedAt", indexes: [{ order: "ASCENDING", queryScope: "COLLECTION" }] },
    ]);
  });
  it("an override replaces the automatic indexes: only what it lists exists", () => {
    const config: IndexConfig = {
      indexes: [],
      fieldOverrides: [{ collectionGroup: "links", fieldPath: "day", indexes: [{ order: "ASCENDING" }] }],
    };
    expect(checkShape(shape([], [asc("day")]), config).kind).toBe("served");
    expect(checkShape(shape([], [desc("day")]), config).kind).toBe("refused");
  });
  it("an override on a map covers its sub-fields, the most specific one winning", () => {
    const config: IndexConfig = {
      indexes: [],
      fieldOverrides: [
        { collectionGroup: "links", fieldPath: "health", indexes: [] },
        { collectionGroup: "links", fieldPath: "health.status", indexes: [{ order: "ASCENDING" }] },
      ],
    };
    expect(overrideFor(config, "links", "health.lastTest")?.fieldPath).toBe("health");
    expect(overrideFor(config, "links", "healthy")).toBeUndefined();
    expect(checkShape(shape([eq("health.lastTest")]), config).kind).toBe("refused");
    expect(checkShape(shape([eq("health.status")]), config).kind).toBe("served");
  });
  it("an override of another collection changes nothing here", () => {
    const config: IndexConfig = { indexes: [], fieldOverrides: [{ collectionGroup: "clicks", fieldPath: "day", indexes: [] }] };
    expect(checkShape(shape([gt("day")]), config).kind).toBe("served");
  });
  it("an exempted field still serves through a composite index", () => {
    const config: IndexConfig = { ...exempt, indexes: [composite(["linkId", "ASCENDING"], ["clickedAt", "ASCENDING"])] };
    expect(served(checkShape(shape([eq("linkId"), gt("clickedAt")]), config))).toContain("composite");
  });
});

describe("composite indexes", () => {
  it("match whatever order the equality fields take in them", () => {
    const config = { indexes: [composite(["b", "ASCENDING"], ["a", "ASCENDING"], ["t", "DESCENDING"])] };
    expect(served(checkShape(shape([eq("a"), eq("b")], [desc("t")]), config))).toContain("composite");
  });
  it("end with the key in the last field's direction unless it is listed", () => {
    const query = shape([eq("a")], [asc("t"), desc("__name__")]);
    expect(checkShape(query, { indexes: [composite(["a", "ASCENDING"], ["t", "ASCENDING"])] }).kind).toBe("refused");
    expect(checkShape(query, { indexes: [composite(["a", "ASCENDING"], ["t", "ASCENDING"], ["__name__", "DESCENDING"])] }).kind).toBe(
      "served",
    );
    expect(refused(checkShape(query, none)).needs.indexes[0]!.fields.at(-1)).toEqual({ fieldPath: "__name__", order: "DESCENDING" });
  });
  it("of another collection do not serve", () => {
    expect(
      checkShape(shape([eq("a")], [asc("t")]), {
        indexes: [{ ...composite(["a", "ASCENDING"], ["t", "ASCENDING"]), collectionGroup: "x" }],
      }).kind,
    ).toBe("refused");
  });
  it("must not have fields the query does not constrain", () => {
    expect(
      checkShape(shape([eq("a")], [asc("t")]), { indexes: [composite(["a", "ASCENDING"], ["z", "ASCENDING"], ["t", "ASCENDING"])] }).kind,
    ).toBe("refused");
  });
});

describe("OR and aggregations", () => {
  it("serves an OR disjunct by disjunct, naming what each needs", () => {
    const query = shape([[eq("a")], [eq("b"), gt("t")]]);
    const verdict = refused(checkShape(query, none));
    expect(verdict.needs.indexes).toEqual([composite(["b", "ASCENDING"], ["t", "ASCENDING"])]);
    expect(checkShape(query, { indexes: verdict.needs.indexes }).kind).toBe("served");
  });
  it("an aggregation needs its query's index", () => {
    expect(checkShape(shape([eq("a"), eq("b")], [], { aggregations: ["count"] }), none).kind).toBe("served");
    expect(checkShape(shape([eq("a")], [asc("t")], { aggregations: ["count"] }), none).kind).toBe("refused");
  });
});

describe("what the checker does not understand fails", () => {
  it.each([
    ["an equality and an inequality on one field", [eq("a"), gt("a")], []],
    [
      "two array-contains filters",
      [
        { field: "a", op: "ARRAY_CONTAINS" },
        { field: "b", op: "ARRAY_CONTAINS_ANY" },
      ],
      [],
    ],
    ["a field ordered twice", [], [asc("a"), desc("a")]],
    ["an inequality after an explicit key order", [gt("a")], [asc("__name__")]],
  ] as [string, FieldFilter[], Order[]][])("%s", (_name, filters, orderBy) => {
    expect(checkShape(shape(filters, orderBy), none).kind).toBe("unrecognised");
  });
});
