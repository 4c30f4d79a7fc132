/**
 * A recorded query's shape, read from the StructuredQuery the Admin SDK sent (see
 * functions/src/platform/query-recorder.ts): what the index check needs and nothing more. Anything
 * the parser does not know (a key, an operator, a quoted field path) makes it refuse the shape, so
 * that the check fails instead of passing something it does not understand.
 */

export type Direction = "ASCENDING" | "DESCENDING";
export type Scope = "COLLECTION" | "COLLECTION_GROUP";

/** Equality-like: served as equalities (`in` is a disjunction of equalities on one field). */
export const EQUALITY_OPS = ["EQUAL", "IN", "IS_NULL", "IS_NAN"] as const;
/** Served by an array-contains index. */
export const CONTAINS_OPS = ["ARRAY_CONTAINS", "ARRAY_CONTAINS_ANY"] as const;
/** Range and inequality: each such field is ordered by, explicitly or implicitly. */
export const INEQUALITY_OPS = [
  "LESS_THAN",
  "LESS_THAN_OR_EQUAL",
  "GREATER_THAN",
  "GREATER_THAN_OR_EQUAL",
  "NOT_EQUAL",
  "NOT_IN",
  "IS_NOT_NULL",
  "IS_NOT_NAN",
] as const;
export type FilterOp = (typeof EQUALITY_OPS)[number] | (typeof CONTAINS_OPS)[number] | (typeof INEQUALITY_OPS)[number];
const FIELD_OPS = new Set<string>(["EQUAL", "IN", "ARRAY_CONTAINS", "ARRAY_CONTAINS_ANY", ...INEQUALITY_OPS.slice(0, 6)]);
const UNARY_OPS = new Set<string>(["IS_NULL", "IS_NAN", "IS_NOT_NULL", "IS_NOT_NAN"]);

export interface FieldFilter {
  field: string;
  op: FilterOp;
}
export interface Order {
  field: string;
  direction: Direction;
}
export type Aggregation = "count" | "sum" | "avg";

export interface Shape {
  /** The collection id (the last segment of the collection's path). */
  collection: string;
  scope: Scope;
  /** The filter in disjunctive normal form: one conjunction per disjunct; `[[]]` without a filter. */
  disjuncts: FieldFilter[][];
  /** The orders the query asked for (the SDK's, including those it adds for a cursor). */
  orderBy: Order[];
  /** An aggregation query's aggregations; empty for a plain query. */
  aggregations: Aggregation[];
}

export type Parsed = { ok: true; shape: Shape } | { ok: false; reason: string };

/** Firestore refuses a query whose filter expands to more disjunctions than this. */
const MAX_DISJUNCTIONS = 30;
const QUERY_KEYS = new Set(["from", "where", "orderBy", "startAt", "endAt", "limit", "offset", "select"]);

class Unrecognised extends Error {}
const refuse = (reason: string): never => {
  throw new Unrecognised(reason);
};
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The shape of one StructuredQuery (and an aggregation query's aggregations), or why it is not understood. */
export function parseShape(structuredQuery: unknown, aggregations?: unknown): Parsed {
  try {
    if (!isObject(structuredQuery)) refuse("no structured query");
    const query = structuredQuery as Record<string, unknown>;
    for (const key of Object.keys(query)) if (!QUERY_KEYS.has(key)) refuse(`unknown query part "${key}"`);
    const from = query.from;
    if (!Array.isArray(from) || from.length !== 1 || !isObject(from[0])) refuse("a query must read exactly one collection");
    const source = (from as Record<string, unknown>[])[0]!;
    for (const key of Object.keys(source)) if (key !== "collectionId" && key !== "allDescendants") refuse(`unknown "from" part "${key}"`);
    if (typeof source.collectionId !== "string" || source.collectionId === "") refuse("a kindless query (no collection id)");
    return {
      ok: true,
      shape: {
        collection: source.collectionId as string,
        scope: source.allDescendants === true ? "COLLECTION_GROUP" : "COLLECTION",
        disjuncts: query.where === undefined ? [[]] : disjunctsOf(query.where),
        orderBy: ordersOf(query.orderBy),
        aggregations: aggregationsOf(aggregations),
      },
    };
  } catch (error) {
    if (error instanceof Unrecognised) return { ok: false, reason: error.message };
    throw error;
  }
}

function fieldPathOf(field: unknown): string {
  if (!isObject(field) || typeof field.fieldPath !== "string" || field.fieldPath === "")
    return refuse("a filter or order without a field path");
  // Quoted segments (`a.b`) need real field-path parsing; nothing here writes them.
  if (field.fieldPath.includes("`")) refuse(`a quoted field path (${field.fieldPath})`);
  return field.fieldPath;
}

function disjunctsOf(filter: unknown): FieldFilter[][] {
  if (!isObject(filter) || Object.keys(filter).length !== 1) return refuse("a filter that is not exactly one of field, unary or composite");
  if (isObject(filter.fieldFilter)) {
    const { field, op } = filter.fieldFilter;
    if (typeof op !== "string" || !FIELD_OPS.has(op)) refuse(`unknown filter operator ${String(op)}`);
    return [[{ field: fieldPathOf(field), op: op as FilterOp }]];
  }
  if (isObject(filter.unaryFilter)) {
    const { field, op } = filter.unaryFilter;
    if (typeof op !== "string" || !UNARY_OPS.has(op)) refuse(`unknown unary operator ${String(op)}`);
    return [[{ field: fieldPathOf(field), op: op as FilterOp }]];
  }
  if (isObject(filter.compositeFilter)) {
    const { op, filters } = filter.compositeFilter;
    if (!Array.isArray(filters) || filters.length === 0) refuse("a composite filter without filters");
    const parts = (filters as unknown[]).map(disjunctsOf);
    let result: FieldFilter[][];
    if (op === "OR") result = parts.flat();
    else if (op === "AND")
      result = parts.reduce<FieldFilter[][]>((acc, part) => acc.flatMap((left) => part.map((right) => [...left, ...right])), [[]]);
    else return refuse(`unknown composite operator ${String(op)}`);
    if (result.length > MAX_DISJUNCTIONS) refuse(`more than ${MAX_DISJUNCTIONS} disjunctions`);
    return result;
  }
  return refuse(`unknown filter kind "${Object.keys(filter)[0]}"`);
}

function ordersOf(orderBy: unknown): Order[] {
  if (orderBy === undefined) return [];
  if (!Array.isArray(orderBy)) return refuse("orderBy is not a list");
  return orderBy.map((order: unknown) => {
    if (!isObject(order)) return refuse("an order that is not an object");
    if (order.direction !== "ASCENDING" && order.direction !== "DESCENDING")
      return refuse(`unknown order direction ${String(order.direction)}`);
    return { field: fieldPathOf(order.field), direction: order.direction };
  });
}

function aggregationsOf(aggregations: unknown): Aggregation[] {
  if (aggregations === undefined) return [];
  if (!Array.isArray(aggregations) || aggregations.length === 0) return refuse("an aggregation query without aggregations");
  return aggregations.map((aggregation: unknown) => {
    if (!isObject(aggregation)) return refuse("an aggregation that is not an object");
    const kinds = Object.keys(aggregation).filter((key) => key !== "alias");
    if (kinds.length !== 1) return refuse(`an aggregation of ${kinds.join(", ") || "nothing"}`);
    const kind = kinds[0]!;
    if (kind === "count") return "count";
    if (kind === "sum" || kind === "avg") {
      fieldPathOf((aggregation[kind] as Record<string, unknown> | undefined)?.field);
      return kind;
    }
    return refuse(`unknown aggregation "${kind}"`);
  });
}
