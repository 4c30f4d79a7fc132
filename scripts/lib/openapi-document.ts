import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { buildOpenApi, type RouteNotes } from "@hub/contract/openapi";
import { API, type RouteName } from "@hub/contract/routes";

/** Where the API reference lives, from the repository's root. */
export const OPENAPI_FILE = join(__dirname, "..", "..", "docs", "openapi.json");
const ROUTE_TABLE = join(__dirname, "..", "..", "contract", "src", "routes.ts");

/**
 * What the route table's source says beside its data (contract/src/routes.ts, `API`): a `/** … *\/`
 * comment before a route describes it; a `//` line comment names the group of the routes after it.
 */
export function routeNotes(source = readFileSync(ROUTE_TABLE, "utf8")): Partial<Record<RouteName, RouteNotes>> {
  const file = ts.createSourceFile("routes.ts", source, ts.ScriptTarget.Latest, true);
  let table: ts.ObjectLiteralExpression | undefined;
  const find = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.name.getText(file) === "API" && node.initializer) {
      let init: ts.Expression = node.initializer;
      while (ts.isSatisfiesExpression(init) || ts.isAsExpression(init)) init = init.expression;
      if (ts.isObjectLiteralExpression(init)) table = init;
    }
    ts.forEachChild(node, find);
  };
  find(file);
  if (!table) throw new Error("No `export const API = { … }` in contract/src/routes.ts");

  const notes: Partial<Record<RouteName, RouteNotes>> = {};
  let group: string | undefined;
  for (const property of table.properties) {
    const name = property.name?.getText(file) as RouteName | undefined;
    if (!name || !(name in API)) throw new Error(`The route table's source has an entry the table lacks: ${String(name)}`);
    let description: string | undefined;
    for (const range of ts.getLeadingCommentRanges(source, property.getFullStart()) ?? []) {
      const text = source.slice(range.pos, range.end);
      if (text.startsWith("/**")) description = docText(text);
      else if (text.startsWith("//")) group = text.replace(/^\/\/\s*/, "").trim();
    }
    notes[name] = { ...(description ? { description } : {}), ...(group ? { group } : {}) };
  }
  return notes;
}

/** The text of a `/** … *\/` comment, its lines joined. */
function docText(comment: string): string {
  return comment
    .replace(/^\/\*\*|\*\/$/g, "")
    .split("\n")
    .map((line) => line.replace(/^\s*\*? ?/, "").trim())
    .filter(Boolean)
    .join(" ");
}

/** The API reference as docs/openapi.json holds it: stable JSON, 2-space indent, a final newline. */
export function openApiText(): string {
  return `${JSON.stringify(buildOpenApi(routeNotes()), null, 2)}\n`;
}
