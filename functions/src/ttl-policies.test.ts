import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { COLLECTIONS } from "./platform/db";
import { TTL_POLICIES } from "./ttl-policies";

const ROOT = resolve(__dirname, "../..");
const SRC = resolve(__dirname);

interface FieldOverride {
  collectionGroup: string;
  fieldPath: string;
  ttl?: boolean;
}
const declared = (
  JSON.parse(readFileSync(join(ROOT, "firestore.indexes.json"), "utf8")) as { fieldOverrides: FieldOverride[] }
).fieldOverrides
  .filter((o) => o.ttl === true)
  .map((o) => `${o.collectionGroup}.${o.fieldPath}`)
  .sort();
const relied = TTL_POLICIES.map((p) => `${p.collection}.${p.field}`).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("TTL policies", () => {
  it("every policy a store relies on is declared in firestore.indexes.json, and no other", () => {
    expect(declared).toEqual(relied);
  });

  it("every collection db.ts documents as TTL-deleted has a policy", () => {
    const db = readFileSync(join(SRC, "platform/db.ts"), "utf8");
    const block = db.slice(db.indexOf("export const COLLECTIONS"));
    // Each key with the doc comment right above it.
    const documented = [...block.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*(\w+):/g)]
      .filter(([, comment]) => /\bTTL\b/.test(comment!))
      .map(([, , key]) => COLLECTIONS[key as keyof typeof COLLECTIONS]);
    expect(documented.length).toBeGreaterThanOrEqual(TTL_POLICIES.length);
    expect(new Set(documented)).toEqual(new Set(TTL_POLICIES.map((p) => p.collection)));
  });

  it("lists every TtlPolicy a store declares", () => {
    const declaredInCode = sourceFiles(SRC).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/export const (\w+): TtlPolicy = /g)].map(([, name]) => name!),
    );
    const registry = readFileSync(join(SRC, "ttl-policies.ts"), "utf8");
    expect(declaredInCode.length).toBe(TTL_POLICIES.length);
    for (const name of declaredInCode) expect(registry, `${name} is missing from ttl-policies.ts`).toMatch(new RegExp(`^  ${name},$`, "m"));
  });
});
