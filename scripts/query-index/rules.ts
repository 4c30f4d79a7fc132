/**
 * Which index of `firestore.indexes.json` serves a query shape, by Firestore's documented rules
 * (Cloud Firestore "Index types", "Index merging", "Query with range and inequality filters on
 * multiple fields", and the StructuredQuery.orderBy reference of the v1 API):
 *
 * - Automatic single-field indexes: ascending, descending and array-contains for every field and
 *   map sub-field, collection scope only. A field override replaces them for its field (and, on a
 *   map, its sub-fields; the most specific override wins): `indexes: []` exempts the field, and
 *   collection-group scope exists only where an override lists it.
 * - The order a query is served in: its orderBy, then each inequality field it does not order by
 *   (by field path, in the last order's direction), then `__name__` (the last order's direction).
 *   Orders on a field held equal by a filter change nothing and are dropped.
 * - Equalities (`==`, `in`, null/NaN) and array-contains filters with no order but `__name__`: served
 *   by merging the single-field indexes of their fields (or composites made of them only).
 * - A single order (from an orderBy or one inequality field) and no equality: that field's single-field
 *   index in that direction.
 * - Anything else: a composite index whose fields are the equality and array-contains fields (any
 *   order between them; array-contains ones with `arrayConfig: CONTAINS`) followed by exactly the
 *   order fields and directions, in the query's scope; several such composites with the same order
 *   fields merge to cover all the equalities.
 * - An OR filter is served disjunct by disjunct; an aggregation needs the index of its query.
 *
 * The checker has not been compared with production Firestore: it is the documented rules, as read.
 */
import { CONTAINS_OPS, EQUALITY_OPS, type Direction, type FieldFilter, type Order, type Scope, type Shape } from "./shape";

export interface IndexField {
  fieldPath: string;
  order?: Direction;
  arrayConfig?: "CONTAINS";
}
export interface CompositeIndex {
  collectionGroup: string;
  queryScope?: Scope;
  fields: IndexField[];
}
export interface FieldIndex {
  order?: Direction;
  arrayConfig?: "CONTAINS";
  queryScope?: Scope;
}
export interface FieldOverride {
  collectionGroup: string;
  fieldPath: string;
  ttl?: boolean;
  indexes: FieldIndex[];
}
export interface IndexConfig {
  indexes: CompositeIndex[];
  fieldOverrides?: FieldOverride[];
}

/** What production needs added to serve a shape, in firestore.indexes.json's own format. */
export interface Needs {
  indexes: CompositeIndex[];
  fieldOverrides: FieldOverride[];
}

export type Verdict =
  { kind: "served"; by: string } | { kind: "refused"; reason: string; needs: Needs } | { kind: "unrecognised"; reason: string };

const NAME = "__name__";
type Mode = Direction | "CONTAINS";
const isEquality = (f: FieldFilter) => (EQUALITY_OPS as readonly string[]).includes(f.op);
const isContains = (f: FieldFilter) => (CONTAINS_OPS as readonly string[]).includes(f.op);

/** Checks every disjunct of the shape; the shape is served when each is. */
export function checkShape(shape: Shape, config: IndexConfig): Verdict {
  const served: string[] = [];
  const needs: Needs = { indexes: [], fieldOverrides: [] };
  const reasons: string[] = [];
  for (const filters of shape.disjuncts) {
    const verdict = checkConjunction(shape, filters, config);
    if (verdict.kind === "unrecognised") return verdict;
    if (verdict.kind === "served") served.push(verdict.by);
    else {
      reasons.push(verdict.reason);
      needs.indexes.push(...verdict.needs.indexes.filter((i) => !needs.indexes.some((n) => JSON.stringify(n) === JSON.stringify(i))));
      needs.fieldOverrides.push(...verdict.needs.fieldOverrides);
    }
  }
  if (reasons.length > 0) return { kind: "refused", reason: reasons.join("; "), needs };
  return { kind: "served", by: [...new Set(served)].join(" + ") };
}

/** The single-field override that applies to a field: its own, else that of the nearest map holding it. */
export function overrideFor(config: IndexConfig, collection: string, field: string): FieldOverride | undefined {
  let best: FieldOverride | undefined;
  for (const override of config.fieldOverrides ?? []) {
    if (override.collectionGroup !== collection) continue;
    if (override.fieldPath !== field && !field.startsWith(`${override.fieldPath}.`)) continue;
    if (!best || override.fieldPath.length > best.fieldPath.length) best = override;
  }
  return best;
}

/** Whether a single-field index of that mode and scope exists for the field. */
export function hasSingleField(config: IndexConfig, collection: string, field: string, mode: Mode, scope: Scope): boolean {
  if (field === NAME) return true;
  const override = overrideFor(config, collection, field);
  if (!override) return scope === "COLLECTION";
  return override.indexes.some(
    (index) =>
      (index.queryScope ?? "COLLECTION") === scope && (mode === "CONTAINS" ? index.arrayConfig === "CONTAINS" : index.order === mode),
  );
}

interface Plan {
  /** Equality fields (by `==`, `in`, null, NaN) and the array-contains field, in the filters' order. */
  prefix: { field: string; mode: "EQUALITY" | "CONTAINS" }[];
  /** The order fields after the prefix, `__name__` left out. */
  orders: Order[];
  /** The direction of the final `__name__` order. */
  nameDirection: Direction;
  /** Whether `__name__` was ordered explicitly against the last order's direction. */
  nameExplicit: boolean;
}

/** How Firestore orders a conjunction (StructuredQuery.orderBy's rules), or why it is not understood. */
export function planOf(filters: FieldFilter[], orderBy: Order[]): Plan | string {
  const prefix: Plan["prefix"] = [];
  const inequalities = new Set<string>();
  for (const filter of filters) {
    if (filter.field === NAME) continue; // key filters are served by the key order every index ends with
    const mode = isEquality(filter) ? "EQUALITY" : isContains(filter) ? "CONTAINS" : null;
    if (mode === null) {
      inequalities.add(filter.field);
      continue;
    }
    const same = prefix.find((p) => p.field === filter.field);
    if (same && same.mode !== mode) return `field ${filter.field} is both equal to and contains`;
    if (!same) prefix.push({ field: filter.field, mode });
  }
  if (prefix.filter((p) => p.mode === "CONTAINS").length > 1) return "more than one array-contains filter";
  for (const field of inequalities)
    if (prefix.some((p) => p.field === field)) return `field ${field} has both an equality and an inequality`;

  const seen = new Set<string>();
  for (const order of orderBy) {
    if (seen.has(order.field)) return `field ${order.field} is ordered twice`;
    seen.add(order.field);
  }
  const nameAt = orderBy.findIndex((o) => o.field === NAME);
  const explicit = nameAt >= 0 ? orderBy.slice(0, nameAt) : orderBy;
  const lastDirection = explicit.at(-1)?.direction ?? "ASCENDING";
  const implied = [...inequalities]
    .filter((field) => !seen.has(field))
    .sort()
    .map((field): Order => ({ field, direction: lastDirection }));
  if (nameAt >= 0 && implied.length > 0) return "an inequality field not ordered before an explicit __name__ order";
  const all = [...explicit, ...implied];
  const nameDirection = nameAt >= 0 ? orderBy[nameAt]!.direction : (all.at(-1)?.direction ?? "ASCENDING");
  const orders = all.filter((o) => !prefix.some((p) => p.field === o.field && p.mode === "EQUALITY"));
  if (orders.some((o) => prefix.some((p) => p.field === o.field))) return "an order on the array-contains field";
  return { prefix, orders, nameDirection, nameExplicit: nameAt >= 0 && nameDirection !== (all.at(-1)?.direction ?? "ASCENDING") };
}

const describeFields = (fields: IndexField[]) => fields.map((f) => `${f.fieldPath} ${f.arrayConfig ?? f.order}`).join(", ");

function checkConjunction(shape: Shape, filters: FieldFilter[], config: IndexConfig): Verdict {
  const plan = planOf(filters, shape.orderBy);
  if (typeof plan === "string") return { kind: "unrecognised", reason: plan };
  const { prefix, orders, nameDirection } = plan;
  const scope = shape.scope;
  const single = (field: string, mode: Mode) => hasSingleField(config, shape.collection, field, mode, scope);

  // The key order alone: every collection (and collection group) has it built in.
  if (prefix.length === 0 && orders.length === 0) return { kind: "served", by: "the built-in __name__ index" };

  // One order, no equality: that field's single-field index.
  if (prefix.length === 0 && orders.length === 1 && !plan.nameExplicit) {
    const [order] = orders as [Order];
    if (single(order.field, order.direction)) return { kind: "served", by: `single-field ${order.field} ${order.direction}` };
  }

  const composites = config.indexes.filter((i) => i.collectionGroup === shape.collection && (i.queryScope ?? "COLLECTION") === scope);
  // Composites whose fields are some of the prefix, then exactly the orders (then the key order).
  const usable = composites.flatMap((index) => {
    const covered = coveredPrefix(index, prefix, orders, nameDirection);
    return covered ? [{ index, covered }] : [];
  });

  if (orders.length === 0) {
    // Index merging: each equality or array-contains field from its single-field index (or composites of them).
    const hasOwn = (p: Plan["prefix"][number]) =>
      p.mode === "CONTAINS" ? nameDirection === "ASCENDING" && single(p.field, "CONTAINS") : single(p.field, nameDirection);
    const singles = prefix.filter(hasOwn).map((p) => p.field);
    const rest = prefix.filter((p) => !hasOwn(p)).map((p) => p.field);
    const helping = usable.filter((u) => u.covered.some((f) => rest.includes(f)));
    if (rest.every((f) => helping.some((u) => u.covered.includes(f)))) {
      const parts = [
        ...(singles.length > 0 ? [`single-field ${singles.join(", ")}`] : []),
        ...helping.map((u) => `composite (${describeFields(u.index.fields)})`),
      ];
      return { kind: "served", by: prefix.length > 1 ? `merged ${parts.join(" + ")}` : parts.join(" + ") };
    }
    if (prefix.length === 1 && nameDirection === "ASCENDING") {
      // One field cannot have a composite index of its own: its single-field index must come back.
      const [p] = prefix as [Plan["prefix"][number]];
      return {
        kind: "refused",
        reason: `no ${scope === "COLLECTION" ? "" : "collection-group "}single-field index for ${p.field}`,
        needs: {
          indexes: [],
          fieldOverrides: [enableSingleField(config, shape.collection, p.field, p.mode === "CONTAINS" ? "CONTAINS" : "ASCENDING", scope)],
        },
      };
    }
  } else {
    const covered = new Set(usable.flatMap((u) => u.covered));
    if (usable.length > 0 && prefix.every((p) => covered.has(p.field))) {
      const whole = usable.find((u) => u.covered.length === prefix.length);
      const chosen = whole ? [whole] : usable;
      const names = chosen.map((u) => `composite (${describeFields(u.index.fields)})`);
      return { kind: "served", by: names.length > 1 ? `merged ${names.join(" + ")}` : names[0]! };
    }
  }

  const fields: IndexField[] = [
    ...prefix.map((p): IndexField =>
      p.mode === "CONTAINS" ? { fieldPath: p.field, arrayConfig: "CONTAINS" } : { fieldPath: p.field, order: "ASCENDING" },
    ),
    ...orders.map((o): IndexField => ({ fieldPath: o.field, order: o.direction })),
  ];
  const lastDirection = fields.at(-1)?.order ?? "ASCENDING";
  if (lastDirection !== nameDirection) fields.push({ fieldPath: NAME, order: nameDirection });
  if (fields.length === 1) {
    const [field] = fields as [IndexField];
    return {
      kind: "refused",
      reason: `no ${scope === "COLLECTION" ? "" : "collection-group "}single-field index for ${field.fieldPath}`,
      needs: {
        indexes: [],
        fieldOverrides: [enableSingleField(config, shape.collection, field.fieldPath, field.arrayConfig ?? field.order!, scope)],
      },
    };
  }
  const index: CompositeIndex = { collectionGroup: shape.collection, queryScope: scope, fields };
  return {
    kind: "refused",
    reason: `needs the composite index (${describeFields(fields)})`,
    needs: { indexes: [index], fieldOverrides: [] },
  };
}

/**
 * The prefix fields a composite index covers when it fits the plan: its fields are some prefix
 * fields (any order, each in its mode) followed by exactly the orders, its key order in the plan's
 * direction. Null when it does not fit.
 */
function coveredPrefix(index: CompositeIndex, prefix: Plan["prefix"], orders: Order[], nameDirection: Direction): string[] | null {
  let fields = index.fields;
  let indexNameDirection: Direction | undefined;
  if (fields.at(-1)?.fieldPath === NAME) {
    indexNameDirection = fields.at(-1)!.order;
    fields = fields.slice(0, -1);
  }
  if (fields.some((f) => f.fieldPath === NAME)) return null;
  indexNameDirection ??= fields.at(-1)?.order ?? "ASCENDING";
  if (indexNameDirection !== nameDirection) return null;
  const head = fields.length - orders.length;
  if (head < 0) return null;
  for (let i = 0; i < orders.length; i++) {
    const field = fields[head + i]!;
    if (field.fieldPath !== orders[i]!.field || field.order !== orders[i]!.direction || field.arrayConfig) return null;
  }
  const covered: string[] = [];
  for (const field of fields.slice(0, head)) {
    const match = prefix.find((p) => p.field === field.fieldPath);
    if (!match || covered.includes(field.fieldPath)) return null;
    if (match.mode === "CONTAINS" ? field.arrayConfig !== "CONTAINS" : field.order === undefined) return null;
    covered.push(field.fieldPath);
  }
  if (covered.length === 0 && prefix.length > 0) return null;
  return covered;
}

/** The field override that adds one single-field index to what the field has now (an override replaces them all). */
function enableSingleField(config: IndexConfig, collection: string, field: string, mode: Mode, scope: Scope): FieldOverride {
  const current = overrideFor(config, collection, field);
  const automatic: FieldIndex[] = [
    { order: "ASCENDING", queryScope: "COLLECTION" },
    { order: "DESCENDING", queryScope: "COLLECTION" },
    { arrayConfig: "CONTAINS", queryScope: "COLLECTION" },
  ];
  const indexes = current && current.fieldPath === field ? [...current.indexes] : current ? [] : automatic;
  indexes.push(mode === "CONTAINS" ? { arrayConfig: "CONTAINS", queryScope: scope } : { order: mode, queryScope: scope });
  return { collectionGroup: collection, fieldPath: field, ...(current?.ttl && current.fieldPath === field ? { ttl: true } : {}), indexes };
}
