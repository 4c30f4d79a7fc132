/**
 * Records the shape of every Firestore query this process runs, for the query-index proof
 * (scripts/query-index): the Firestore emulator serves any query, production refuses one that no
 * index serves. Installed by platform/db.ts only when HUB_QUERY_SHAPES_DIR is set and Firestore is
 * the emulator (the local suite's `npm run exec` sets it); a deploy never has it, so there this file
 * patches nothing.
 *
 * Each distinct (call site, shape) is appended once per process, as one JSON line, to
 * `<dir>/<pid>.jsonl`. The shape is the StructuredQuery the SDK sends (its `toProto()`, so orders the
 * SDK adds for cursors are in it), with every value replaced by its type; the call site is the first
 * stack frame in functions/src, mapped through the bundle's source map when the code runs bundled.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Query, Transaction, type Firestore } from "firebase-admin/firestore";

export const QUERY_SHAPES_DIR_VARIABLE = "HUB_QUERY_SHAPES_DIR";

/** One line of a shapes file. */
interface RecordedQuery {
  v: 1;
  /** `functions/src/<file>.ts:<line>` of the first frame of the stack in functions/src. */
  site: string;
  /** That frame's column (1-based): tells calls on one line apart. */
  column: number;
  via: "Query.get" | "Query.stream" | "AggregateQuery.get" | "Transaction.get";
  /** The StructuredQuery sent, values replaced by their type (`stringValue`, `arrayValue`, …). */
  structuredQuery?: unknown;
  /** An aggregation query's aggregations (`{ alias, count: {} }`, `{ alias, sum: { field } }`, …). */
  aggregations?: unknown;
  /** Why no shape could be taken (the checker fails such a line). */
  error?: string;
}

let installed = false;

/**
 * Patches the query-running methods of the Admin SDK in this process; a second call does nothing.
 * Never throws: a recorder that cannot install leaves the queries alone and says so.
 */
export function installQueryRecorder(dir: string, firestore: Firestore): void {
  if (installed) return;
  installed = true;
  try {
    install(dir, firestore);
  } catch (error) {
    console.warn(`query recorder not installed: ${String(error)}`);
  }
}

function install(dir: string, firestore: Firestore): void {
  // The SDK does not export AggregateQuery's class at run time: take it from a count query.
  const AggregateQuery = Object.getPrototypeOf(firestore.collection("query-recorder").count()).constructor as new (
    ...args: never[]
  ) => object;
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${process.pid}.jsonl`);
  const seen = new Set<string>();
  const record = (via: RecordedQuery["via"], target: unknown) => {
    try {
      const frame = callSite(new Error().stack ?? "");
      if (frame === null) return; // not the server's query (a test's own read)
      const line = JSON.stringify({ v: 1, ...frame, via, ...shapeOf(target, AggregateQuery) } satisfies RecordedQuery);
      if (seen.has(line)) return;
      seen.add(line);
      // Once per distinct shape and site per process: a few hundred small writes in a whole suite.
      appendFileSync(file, line + "\n");
    } catch {
      // recording must never change what the query does
    }
  };

  type Method = (this: unknown, ...args: unknown[]) => unknown;
  const patch = (proto: object, name: string, via: RecordedQuery["via"], shouldRecord: (self: unknown, args: unknown[]) => unknown) => {
    const target = proto as Record<string, Method>;
    const original = target[name]!;
    target[name] = function (this: unknown, ...args: unknown[]) {
      const query = shouldRecord(this, args);
      if (query !== undefined) record(via, query);
      return original.apply(this, args);
    };
  };
  patch(Query.prototype, "get", "Query.get", (self) => self);
  patch(Query.prototype, "stream", "Query.stream", (self) => self);
  patch(AggregateQuery.prototype, "get", "AggregateQuery.get", (self) => self);
  patch(Transaction.prototype, "get", "Transaction.get", (_self, [arg]) =>
    arg instanceof Query || arg instanceof AggregateQuery ? arg : undefined,
  );
}

function shapeOf(
  target: unknown,
  AggregateQuery: new (...args: never[]) => object,
): Pick<RecordedQuery, "structuredQuery" | "aggregations" | "error"> {
  const toProto = (target as { toProto?: () => Record<string, unknown> }).toProto;
  if (typeof toProto !== "function") return { error: "the query has no toProto() (SDK changed?)" };
  const proto = toProto.call(target);
  if (target instanceof AggregateQuery) {
    const aggregation = proto.structuredAggregationQuery as { structuredQuery?: unknown; aggregations?: unknown } | undefined;
    if (!aggregation) return { error: "an aggregate query without structuredAggregationQuery" };
    return { structuredQuery: withoutValues(aggregation.structuredQuery), aggregations: aggregation.aggregations };
  }
  if (!proto.structuredQuery) return { error: "a query without structuredQuery" };
  return { structuredQuery: withoutValues(proto.structuredQuery) };
}

/** The proto with each Value (a filter's `value`, a cursor's `values`) replaced by its type's name. */
function withoutValues(node: unknown, key = ""): unknown {
  if (key === "value" && node && typeof node === "object") return valueType(node);
  if (key === "values" && Array.isArray(node)) return node.map(valueType);
  if (Array.isArray(node)) return node.map((item) => withoutValues(item));
  if (node && typeof node === "object") {
    return Object.fromEntries(
      Object.entries(node)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, withoutValues(v, k)]),
    );
  }
  return node;
}

const valueType = (value: unknown): string =>
  value && typeof value === "object" ? (Object.keys(value).find((k) => k.endsWith("Value")) ?? "unknown") : "unknown";

const FRAME = /\(?((?:file:\/\/)?\/[^():]+):(\d+):(\d+)\)?$/;
const maps = new Map<string, SourceMap | null>();

/** The first frame of the stack in functions/src (`functions/src/a/b.ts:12`), mapped through source maps. */
export function callSite(stack: string): { site: string; column: number } | null {
  for (const text of stack.split("\n").slice(1)) {
    const match = FRAME.exec(text.trim());
    if (!match) continue;
    const file = match[1]!.startsWith("file://") ? fileURLToPath(match[1]!) : match[1]!;
    if (file.includes("/node_modules/")) continue;
    let line = Number(match[2]);
    let column = Number(match[3]);
    let source = file;
    if (file.endsWith(".js")) {
      const map = sourceMapOf(file);
      if (!map) continue;
      const entry = map.findEntry(line - 1, column - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number };
      if (entry.originalSource === undefined || entry.originalLine === undefined) continue;
      const original = entry.originalSource.startsWith("file://") ? fileURLToPath(entry.originalSource) : entry.originalSource;
      source = isAbsolute(original) ? original : resolve(dirname(file), original);
      line = entry.originalLine + 1;
      column = (entry.originalColumn ?? 0) + 1;
    }
    const at = source.lastIndexOf("/functions/src/");
    if (source.endsWith("/platform/query-recorder.ts") || source.includes("/node_modules/")) continue; // the patched method, or a bundled library
    // the newest frame of our own code decides: a test's stand-in that a server function calls
    // (a page reader clearing host turns) runs a test's query, not one of the server's call sites
    return at >= 0 ? { site: `${source.slice(at + 1)}:${line}`, column } : null;
  }
  return null;
}

function sourceMapOf(file: string): SourceMap | null {
  if (!maps.has(file)) {
    const mapFile = `${file}.map`;
    maps.set(file, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, "utf8"))) : null);
  }
  return maps.get(file)!;
}
