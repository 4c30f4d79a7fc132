/**
 * The proof itself: every query the functions ran in the suite (recorded by the functions, see
 * recorded.ts) checked against firestore.indexes.json, and every query call site of functions/src
 * checked to have run. Used by served.check.ts (`npm run test:queries`).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { siteOf, type CallSite } from "./call-sites";
import { compareSites, ROOT, type RecordedQuery } from "./recorded";
import { checkShape, type IndexConfig, type Needs, type Verdict } from "./rules";
import { parseShape, type Shape } from "./shape";

export const INDEXES_FILE = join(ROOT, "firestore.indexes.json");
export const readIndexConfig = (file = INDEXES_FILE): IndexConfig => JSON.parse(readFileSync(file, "utf8")) as IndexConfig;

export interface Checked {
  query: RecordedQuery;
  shape: Shape | null;
  verdict: Verdict;
}

export function checkRecorded(recorded: RecordedQuery[], config: IndexConfig): Checked[] {
  return recorded.map((query) => {
    if (query.error) return { query, shape: null, verdict: { kind: "unrecognised", reason: query.error } };
    const parsed = parseShape(query.structuredQuery, query.aggregations);
    if (!parsed.ok) return { query, shape: null, verdict: { kind: "unrecognised", reason: parsed.reason } };
    return { query, shape: parsed.shape, verdict: checkShape(parsed.shape, config) };
  });
}

/** One line per shape: `scope collection where … order by …` with operators, no values. */
export function describeShape(shape: Shape): string {
  const group = shape.scope === "COLLECTION_GROUP" ? "group " : "";
  const where = shape.disjuncts
    .filter((d) => d.length > 0)
    .map((d) => d.map((f) => `${f.field} ${OPS[f.op]}`).join(" and "))
    .join(" OR ");
  const order = shape.orderBy.map((o) => `${o.field}${o.direction === "DESCENDING" ? " desc" : ""}`).join(", ");
  const aggregate = shape.aggregations.length > 0 ? `${shape.aggregations.join(", ")} of ` : "";
  return `${aggregate}${group}${shape.collection}${where ? ` where ${where}` : ""}${order ? ` order by ${order}` : ""}`;
}
const OPS: Record<string, string> = {
  EQUAL: "==",
  IN: "in",
  IS_NULL: "== null",
  IS_NAN: "== NaN",
  ARRAY_CONTAINS: "array-contains",
  ARRAY_CONTAINS_ANY: "array-contains-any",
  LESS_THAN: "<",
  LESS_THAN_OR_EQUAL: "<=",
  GREATER_THAN: ">",
  GREATER_THAN_OR_EQUAL: ">=",
  NOT_EQUAL: "!=",
  NOT_IN: "not-in",
  IS_NOT_NULL: "!= null",
  IS_NOT_NAN: "!= NaN",
};

/** The failures, each a paragraph naming the call site; empty when production serves everything. */
export function failuresOf(
  checked: Checked[],
  sites: CallSite[],
): { refused: string[]; unrecognised: string[]; unrun: string[]; unknownSites: string[] } {
  const refused = checked
    .filter((c) => c.verdict.kind === "refused")
    .map((c) => {
      const v = c.verdict as Extract<Verdict, { kind: "refused" }>;
      return `${c.query.site} (${c.query.via}): ${describeShape(c.shape!)}\n  production refuses it: ${v.reason}\n  add to firestore.indexes.json:\n${indent(formatNeeds(v.needs), 4)}`;
    });
  const unrecognised = checked
    .filter((c) => c.verdict.kind === "unrecognised")
    .map(
      (c) => `${c.query.site} (${c.query.via}): ${(c.verdict as { reason: string }).reason}\n  ${JSON.stringify(c.query.structuredQuery)}`,
    );
  const ran = new Set(checked.map((c) => siteOf(sites, c.query.site, c.query.column)));
  const unrun = sites.filter((site) => !ran.has(site)).map((site) => `${site.file}:${site.line} (${site.kind}): no test ran this query`);
  const unknownSites = [...new Set(checked.filter((c) => !siteOf(sites, c.query.site, c.query.column)).map((c) => c.query.site))]
    .sort(compareSites)
    .map((recorded) => `${recorded}: a query ran here, but the call-site scan did not find one (scan or source map wrong)`);
  return { refused, unrecognised, unrun, unknownSites };
}

/** The indexes and overrides needed, merged, in firestore.indexes.json's format. */
export function formatNeeds(needs: Needs): string {
  const out: Partial<Needs> = {};
  if (needs.indexes.length > 0) out.indexes = needs.indexes;
  if (needs.fieldOverrides.length > 0) out.fieldOverrides = needs.fieldOverrides;
  return JSON.stringify(out, null, 2);
}
const indent = (text: string, n: number) =>
  text
    .split("\n")
    .map((line) => " ".repeat(n) + line)
    .join("\n");

/**
 * The Markdown table docs/scaling.md carries: each recorded shape, where it runs and the index
 * serving it. Shapes that differ only in what the check ignores (limit, cursor values, projection)
 * are one row.
 */
export function reportTable(checked: Checked[]): string {
  const rows = new Set<string>();
  for (const c of checked) {
    const shape = c.shape ? describeShape(c.shape) : "(not understood)";
    const by = c.verdict.kind === "served" ? c.verdict.by : `**${c.verdict.kind}**: ${c.verdict.reason}`;
    const row = `| \`${c.query.site.replace(/^functions\/src\//, "")}\` | ${c.query.via} | \`${shape.replaceAll("|", "\\|")}\` | ${by} |`;
    rows.add(row);
  }
  return ["| call site (functions/src) | via | shape | served by |", "| --- | --- | --- | --- |", ...rows.keys()].join("\n");
}

/** How many rows reportTable makes: the distinct shapes by call site. */
export const distinctShapes = (checked: Checked[]): number => reportTable(checked).split("\n").length - 2;
