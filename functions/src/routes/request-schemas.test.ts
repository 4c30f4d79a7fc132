import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as contract from "@hub/contract";

/**
 * contract/well-formed-text.test.ts walks every contract schema named *RequestSchema or *QuerySchema
 * and proves each string field refuses ill-formed text. This keeps that walk complete: every schema a
 * router parses a body or a query with is one of them.
 */
describe("request schemas", () => {
  it("every body and query a router parses is read with a contract request or query schema", () => {
    const names = readdirSync(__dirname)
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
      .flatMap((file) => [...readFileSync(join(__dirname, file), "utf8").matchAll(/(\w+)\.(?:safeParse|parse)\(req\.(?:body|query)\b/g)].map((m) => m[1]!));
    const parsed = [...new Set(names)].sort();
    expect(parsed.length).toBeGreaterThan(20);
    const exported = contract as Record<string, unknown>;
    expect(parsed.filter((name) => !/(Request|Query)Schema$/.test(name) || exported[name] === undefined)).toEqual([]);
  });
});
