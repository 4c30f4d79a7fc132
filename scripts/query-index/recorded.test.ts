import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { describe, expect, it } from "vitest";
import { readRecorded } from "./recorded";

const line = (site: string, from: string) =>
  JSON.stringify({ v: 1, site, via: "get", structuredQuery: { from: [{ collectionId: from }] } });

function folderWith(...lines: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), "shapes-"));
  writeFileSync(join(dir, `${String(process.pid)}.jsonl`), `${lines.join("\n")}\n`);
  return dir;
}

describe("readRecorded", () => {
  it("reads the shapes of several suites' folders as one set, counting the processes that ran each", () => {
    // npm test runs the API files on two suites: a call site either ran counts as run
    const one = folderWith(line("functions/src/a.store.ts:3", "links"), line("functions/src/b.store.ts:9", "users"));
    const two = folderWith(line("functions/src/a.store.ts:3", "links"), line("functions/src/c.store.ts:1", "programs"));
    const recorded = readRecorded([one, two].join(delimiter));
    expect(recorded.map((r) => [r.site, r.processes])).toEqual([
      ["functions/src/a.store.ts:3", 2],
      ["functions/src/b.store.ts:9", 1],
      ["functions/src/c.store.ts:1", 1],
    ]);
  });

  it("skips a folder that does not exist (a suite that ran no API test)", () => {
    const one = folderWith(line("functions/src/a.store.ts:3", "links"));
    expect(readRecorded([one, join(tmpdir(), "no-such-shapes-folder")].join(delimiter))).toHaveLength(1);
  });
});
