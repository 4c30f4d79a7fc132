/**
 * Every place in functions/src that runs a Firestore query, found with TypeScript's type checker:
 * a call of get/stream/explain/explainStream/onSnapshot on a Query, CollectionReference,
 * CollectionGroup, AggregateQuery or VectorQuery of the Admin SDK, and a Transaction's get given a
 * query. The recorded shapes must come from each of them (a site no test ran is named).
 */
import { dirname, relative } from "node:path";
import ts from "typescript";
import { ROOT } from "./recorded";

export interface CallSite {
  /** `functions/src/<file>.ts` */
  file: string;
  /** The line of the method's name (1-based). */
  line: number;
  /** The column of the method's name (1-based). */
  column: number;
  /** The first line of the whole call expression: a recorded frame anywhere from it to `line` is this call. */
  firstLine: number;
  /** `Query.get`, `AggregateQuery.get`, `Transaction.get`, … */
  kind: string;
}

const QUERY_TYPES = new Set(["Query", "CollectionReference", "CollectionGroup", "AggregateQuery", "VectorQuery"]);
const RUNNING_METHODS = new Set(["get", "stream", "explain", "explainStream", "onSnapshot"]);

/** The Admin SDK class a type is (a union counts when every member is one of them), or null. */
function firestoreClassOf(type: ts.Type, names: Set<string>): string | null {
  if (type.isUnion()) {
    const members = type.types.map((t) => firestoreClassOf(t, names));
    return members.every((m) => m !== null) ? members[0]! : null;
  }
  const symbol = type.getSymbol() ?? type.aliasSymbol;
  if (!symbol || !names.has(symbol.getName())) return null;
  const fromSdk = symbol.getDeclarations()?.some((d) => d.getSourceFile().fileName.includes("@google-cloud/firestore"));
  return fromSdk ? symbol.getName() : null;
}

/** Lists the query call sites of functions/src (tests left out). */
export function listQueryCallSites(tsconfig = `${ROOT}/functions/tsconfig.json`): CallSite[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(tsconfig, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!parsed) throw new Error(`cannot read ${tsconfig}`);
  const srcDir = `${dirname(tsconfig)}/src/`;
  const roots = parsed.fileNames.filter((f) => f.startsWith(srcDir) && !f.endsWith(".test.ts"));
  const program = ts.createProgram(roots, { ...parsed.options, noEmit: true });
  const checker = program.getTypeChecker();
  const sites: CallSite[] = [];
  for (const source of program.getSourceFiles()) {
    if (!roots.includes(source.fileName)) continue;
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text;
        const receiver = checker.getTypeAtLocation(node.expression.expression);
        let kind: string | null = null;
        if (RUNNING_METHODS.has(method)) {
          const cls = firestoreClassOf(receiver, QUERY_TYPES);
          if (cls) kind = `${cls}.${method}`;
        }
        if (!kind && method === "get" && firestoreClassOf(receiver, new Set(["Transaction"])) && node.arguments[0]) {
          const arg = firestoreClassOf(checker.getTypeAtLocation(node.arguments[0]), QUERY_TYPES);
          if (arg) kind = `Transaction.get(${arg})`;
        }
        if (kind) {
          const name = source.getLineAndCharacterOfPosition(node.expression.name.getStart(source));
          const firstLine = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
          sites.push({ file: relative(ROOT, source.fileName), line: name.line + 1, column: name.character + 1, firstLine, kind });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return sites.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/**
 * The call a recorded frame is: a call whose lines hold it, the nearest by column when several calls
 * share its line. Undefined when none does.
 */
export function siteOf(sites: CallSite[], recorded: string, column: number): CallSite | undefined {
  const candidates = sites.filter((site) => isSiteOf(site, recorded));
  return candidates.sort((a, b) => Math.abs(a.column - column) - Math.abs(b.column - column))[0];
}

/** Whether a recorded site (`file:line`) is within this call's lines. */
export const isSiteOf = (site: CallSite, recorded: string): boolean => {
  const at = recorded.lastIndexOf(":");
  const line = Number(recorded.slice(at + 1));
  return recorded.slice(0, at) === site.file && line >= site.firstLine && line <= site.line;
};
