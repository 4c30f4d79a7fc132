import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COLLECTIONS } from "../../functions/src/toolkit";
import { COLLECTION_OWNERS, COLLECTIONS_NOT_YET_BEHIND_OWNERS, CAPABILITY_LEVELS, PLATFORM } from "./code-layout.mjs";
import { collectionNamesIn } from "./collection-owner-rule.mjs";

const SRC = join(__dirname, "../../functions/src");
const FOLDERS = [...CAPABILITY_LEVELS.flat().map((c) => c.name), PLATFORM.name];

/** Every non-test TypeScript file under this folder of functions/src. */
function sourcesOf(folder: string): string[] {
  return readdirSync(join(SRC, folder), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .map((f) => readFileSync(join(SRC, folder, f), "utf8"));
}

describe("the collections' owners", () => {
  it("the lint reads the collections' names as platform/db.ts has them", () => {
    expect(collectionNamesIn(readFileSync(join(SRC, "platform/db.ts"), "utf8"))).toEqual(COLLECTIONS);
  });

  it("gives every collection exactly one owner, a folder of functions/src", () => {
    expect(Object.keys(COLLECTION_OWNERS).sort()).toEqual(Object.keys(COLLECTIONS).sort());
    for (const [key, owner] of Object.entries(COLLECTION_OWNERS))
      expect({ key, owner: FOLDERS.includes(owner) }).toEqual({ key, owner: true });
  });

  it("lets through only crossings some file still makes", () => {
    const stale = Object.entries(COLLECTIONS_NOT_YET_BEHIND_OWNERS).flatMap(([key, folders]) =>
      folders
        .filter((folder) => !sourcesOf(folder).some((text) => new RegExp(String.raw`COLLECTIONS\.${key}\b`).test(text)))
        .map((f) => `${key}: ${f}`),
    );
    expect(stale).toEqual([]);
  });
});
