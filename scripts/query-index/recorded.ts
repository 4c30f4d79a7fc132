/**
 * Where the functions record the queries they run (functions/src/platform/query-recorder.ts) and
 * how the checks read them back. `npm run exec` empties the folder when it starts, so one run
 * records one suite's queries.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

export const ROOT = resolve(__dirname, "..", "..");
export const SHAPES_DIR = join(ROOT, ".cache", "query-shapes");
/** Must match QUERY_SHAPES_DIR_VARIABLE in functions/src/platform/query-recorder.ts. */
export const SHAPES_DIR_VARIABLE = "HUB_QUERY_SHAPES_DIR";

/**
 * Empties the shapes folder of the suite (suite 0's is SHAPES_DIR; two suites side by side record
 * apart); answers the variable that makes the functions, and the checks, use it.
 */
export function startQueryRecording(slot = 0): Record<string, string> {
  const dir = slot === 0 ? SHAPES_DIR : `${SHAPES_DIR}-${String(slot)}`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return { [SHAPES_DIR_VARIABLE]: dir };
}

/** One distinct recorded query: where it was called, how, and the StructuredQuery sent. */
export interface RecordedQuery {
  site: string;
  /** The column of the call in the site's line (1-based; 0 when not recorded). */
  column: number;
  via: string;
  structuredQuery?: unknown;
  aggregations?: unknown;
  error?: string;
  /** How many processes recorded it. */
  processes: number;
}

/**
 * Every distinct (site, via, shape) recorded in the folder (the suite's, or HUB_QUERY_SHAPES_DIR's
 * when set), sorted by site; lines that do not parse are thrown.
 */
export function readRecorded(dir = process.env[SHAPES_DIR_VARIABLE] || SHAPES_DIR): RecordedQuery[] {
  if (!existsSync(dir)) return [];
  const byKey = new Map<string, RecordedQuery>();
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".jsonl"))) {
    const lines = readFileSync(join(dir, name), "utf8").split("\n");
    lines.forEach((line, i) => {
      if (line.trim() === "") return;
      let parsed: { v?: number; site?: unknown; via?: unknown; column?: unknown } & Omit<
        RecordedQuery,
        "site" | "via" | "column" | "processes"
      >;
      try {
        parsed = JSON.parse(line);
      } catch {
        // A process killed mid-write leaves a torn last line; any other bad line is a fault.
        if (i === lines.length - 1) return;
        throw new Error(`${name}:${i + 1}: not JSON`);
      }
      if (parsed.v !== 1 || typeof parsed.site !== "string" || typeof parsed.via !== "string")
        throw new Error(`${name}:${i + 1}: not a recorded query`);
      const { structuredQuery, aggregations, error } = parsed;
      const column = typeof parsed.column === "number" ? parsed.column : 0;
      const key = JSON.stringify([parsed.site, column, parsed.via, structuredQuery, aggregations, error]);
      const known = byKey.get(key);
      if (known) known.processes++;
      else byKey.set(key, { site: parsed.site, column, via: parsed.via, structuredQuery, aggregations, error, processes: 1 });
    });
  }
  return [...byKey.values()].sort((a, b) => compareSites(a.site, b.site) || a.column - b.column || a.via.localeCompare(b.via));
}

/** Orders `dir/file.ts:12` by file, then by line as a number. */
export function compareSites(a: string, b: string): number {
  const [fileA, lineA] = splitSite(a);
  const [fileB, lineB] = splitSite(b);
  return fileA.localeCompare(fileB) || lineA - lineB;
}
const splitSite = (site: string): [string, number] => {
  const at = site.lastIndexOf(":");
  return [site.slice(0, at), Number(site.slice(at + 1))];
};
