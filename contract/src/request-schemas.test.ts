import { describe, expect, it } from "vitest";
import * as contract from "./index";
import { API, type RouteSpec } from "./routes";

/**
 * well-formed-text.test.ts walks every contract schema named *RequestSchema or *QuerySchema and
 * proves each string field refuses ill-formed text. This keeps that walk complete: every body and
 * query the route table parses is one of them.
 */
describe("request schemas", () => {
  it("every body and query of the route table is a contract request or query schema", () => {
    const named = new Map(
      Object.entries(contract as Record<string, unknown>)
        .filter(([name]) => /(Request|Query)Schema$/.test(name))
        .map(([name, value]) => [value, name]),
    );
    const parsed = Object.entries(API as Record<string, RouteSpec>).flatMap(([route, spec]) =>
      [spec.body, spec.query].filter((schema) => schema !== undefined).map((schema) => ({ route, name: named.get(schema) })),
    );
    expect(parsed.length).toBeGreaterThan(20);
    expect(parsed.filter(({ name }) => name === undefined)).toEqual([]);
  });
});
