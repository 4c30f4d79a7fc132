/**
 * `npm run test:queries` (the `queries` project): run right after the API suite inside the same
 * `npm run exec`, it proves that production's indexes serve every query the functions ran, that each
 * recorded shape is understood, and that every query call site of functions/src ran at least once.
 * It writes the shapes' table to .cache/query-index/report.md (docs/scaling.md carries a copy).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listQueryCallSites } from "./call-sites";
import { checkRecorded, distinctShapes, failuresOf, readIndexConfig, reportTable } from "./check-recorded";
import { readRecorded, ROOT, SHAPES_DIR, SHAPES_DIR_VARIABLE } from "./recorded";

const recorded = readRecorded();
const checked = checkRecorded(recorded, readIndexConfig());
const failures = failuresOf(checked, listQueryCallSites());

const reportDir = join(ROOT, ".cache", "query-index");
mkdirSync(reportDir, { recursive: true });
writeFileSync(
  join(reportDir, "report.md"),
  `${distinctShapes(checked)} distinct query shapes at ${new Set(recorded.map((r) => r.site)).size} call sites ` +
    `(${recorded.length} recorded variants: limits, cursors, projections).\n\n${reportTable(checked)}\n`,
);

const fail = (title: string, items: string[]) => {
  if (items.length > 0) throw new Error(`${title} (${items.length}):\n\n${items.join("\n\n")}\n`);
};

describe("queries the functions ran in this suite", () => {
  it("were recorded", () => {
    expect(
      recorded.length,
      `no query shapes in ${process.env[SHAPES_DIR_VARIABLE] || SHAPES_DIR}: run \`npm run test:queries\` after \`npm run test:api\` inside one \`npm run exec\``,
    ).toBeGreaterThan(0);
  });
  it("are each understood by the checker", () => fail("query shapes the checker does not understand", failures.unrecognised));
  it("are each served by an index of firestore.indexes.json", () =>
    fail("queries production would refuse (FAILED_PRECONDITION)", failures.refused));
  it("come from call sites the scan of functions/src found", () =>
    fail("recorded call sites missing from the scan", failures.unknownSites));
});

describe("query call sites in functions/src", () => {
  it("each ran in a test", () => fail("query call sites no test ran", failures.unrun));
});
