import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_STATUS, type ErrorCode } from "@hub/contract/errors";
import { errorCodesOf, openApiPath } from "@hub/contract/openapi";
import { ROUTE_ERRORS } from "@hub/contract/route-errors";
import { API, type RouteName, type RouteSpec } from "@hub/contract/routes";
import { OPENAPI_FILE, openApiText, routeNotes } from "./lib/openapi-document";

type Json = { [key: string]: unknown };
const committed = readFileSync(OPENAPI_FILE, "utf8");
const document = JSON.parse(committed) as Json & {
  openapi: string;
  info: { title?: unknown; version?: unknown };
  tags: { name: string }[];
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json>; responses: Record<string, Json>; securitySchemes: Record<string, Json> };
};
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, operation]) => ({ path, method, operation })),
);

/** Every `$ref` in the document, with where it stands. */
function refs(value: unknown, at = "#", found: { ref: string; at: string }[] = []): { ref: string; at: string }[] {
  if (Array.isArray(value)) value.forEach((item, i) => refs(item, `${at}/${i}`, found));
  else if (value !== null && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") found.push({ ref: inner, at });
      else refs(inner, `${at}/${key}`, found);
    }
  }
  return found;
}

/** What a local JSON pointer (`#/components/schemas/Program`) names in the document, or undefined. */
function resolve(pointer: string): unknown {
  if (!pointer.startsWith("#/")) return undefined;
  let node: unknown = document;
  for (const raw of pointer.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !(key in node)) return undefined;
    node = (node as Json)[key];
  }
  return node;
}

describe("docs/openapi.json", () => {
  it("is what the route table makes of it today", () => {
    const fresh = openApiText();
    expect(committed === fresh, "docs/openapi.json is out of date with contract/src/routes.ts: run `npm run openapi` and commit it").toBe(
      true,
    );
  });

  it("is an OpenAPI 3.1 document", () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(typeof document.info.title).toBe("string");
    expect(typeof document.info.version).toBe("string");
    for (const path of Object.keys(document.paths)) expect(path).toMatch(/^\//);
  });

  it("has every route of the table, once, with its method, path, access and operationId", () => {
    const names = Object.keys(API) as RouteName[];
    expect(operations).toHaveLength(names.length);
    for (const name of names) {
      const spec: RouteSpec = API[name];
      const operation = document.paths[openApiPath(spec.path)]?.[spec.method.toLowerCase()];
      expect(operation, `${spec.method} ${spec.path}`).toBeDefined();
      expect(operation!.operationId).toBe(name);
      expect(operation!["x-access"]).toBe(spec.access);
      expect(operation!.security, name).toEqual(
        spec.access === "public" ? (spec.optionalCaller ? [{}, { firebaseIdToken: [] }] : []) : [{ firebaseIdToken: [] }],
      );
    }
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("declares every path parameter, and no other", () => {
    for (const { path, method, operation } of operations) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const parameters = (operation.parameters ?? []) as { name: string; in: string; required?: boolean; schema?: unknown }[];
      const declared = parameters.filter((p) => p.in === "path");
      expect(declared.map((p) => p.name).sort(), `${method} ${path}`).toEqual(inPath);
      for (const p of declared) expect(p.required, `${method} ${path} {${p.name}}`).toBe(true);
      for (const p of parameters) {
        expect(["path", "query", "header", "cookie"]).toContain(p.in);
        expect(p.schema, `${method} ${path} ${p.name}`).toBeDefined();
      }
      const keys = parameters.map((p) => `${p.in} ${p.name}`);
      expect(new Set(keys).size, `${method} ${path}`).toBe(keys.length);
    }
  });

  it("resolves every $ref, and every component is used", () => {
    const all = refs(document);
    for (const { ref, at } of all) expect(resolve(ref), `${ref} at ${at}`).toBeDefined();
    const used = new Set(all.map(({ ref }) => ref));
    for (const kind of ["schemas", "responses"] as const) {
      for (const name of Object.keys(document.components[kind]))
        expect(used, `#/components/${kind}/${name}`).toContain(`#/components/${kind}/${name}`);
    }
  });

  it("answers each route's success as the table says, and its error codes with their statuses", () => {
    for (const name of Object.keys(API) as RouteName[]) {
      const spec: RouteSpec = API[name];
      const responses = document.paths[openApiPath(spec.path)]![spec.method.toLowerCase()]!.responses as Record<string, Json>;
      const status = String(spec.status ?? 200);
      expect(
        Object.keys(responses).filter((s) => s.startsWith("2")),
        name,
      ).toEqual([status]);
      const success = responses[status]!;
      if (spec.status === 204) expect(success.content, name).toBeUndefined();
      else if (spec.file) expect(Object.keys(success.content as Json)).toEqual([spec.file]);
      else expect(Object.keys(success.content as Json)).toEqual(["application/json"]);

      const documented: ErrorCode[] = [];
      for (const [code, response] of Object.entries(responses)) {
        if (code.startsWith("2")) continue;
        expect(code, name).toMatch(/^[45]\d\d$/);
        const shared = resolve((response as { $ref: string }).$ref) as { content: Json };
        const schema = (
          shared.content["application/json"] as { schema: { allOf: [unknown, { properties: { code: { enum: ErrorCode[] } } }] } }
        ).schema;
        for (const errorCode of schema.allOf[1].properties.code.enum) {
          expect(ERROR_STATUS[errorCode], `${name} ${errorCode}`).toBe(Number(code));
          documented.push(errorCode);
        }
      }
      expect(documented.sort(), name).toEqual(errorCodesOf(name).sort());
    }
  });

  it("uses only declared security schemes and tags", () => {
    const tags = new Set(document.tags.map((tag) => tag.name));
    for (const { operation } of operations) {
      for (const requirement of operation.security as Json[]) {
        for (const scheme of Object.keys(requirement)) expect(document.components.securitySchemes).toHaveProperty(scheme);
      }
      for (const tag of (operation.tags ?? []) as string[]) expect(tags).toContain(tag);
    }
  });
});

describe("routeNotes", () => {
  it("reads a route's /** */ comment as its description and a // line as the heading of the routes after it", () => {
    const source = [
      'import { z } from "./zod";',
      "export const API = {",
      "  // Session and login",
      '  getSession: { method: "GET", path: "/auth/session", access: "public" },',
      "  /**",
      "   * The same as POST /logout,",
      "   * under the member API's prefix.",
      "   */",
      '  endMemberSessions: { method: "POST", path: "/auth/logout", access: "member", status: 204 },',
      "",
      "  // Programs",
      '  listPrograms: { method: "GET", path: "/programs", access: "member" },',
      "} as const satisfies Record<string, RouteSpec>;",
    ].join("\n");
    expect(routeNotes(source)).toEqual({
      getSession: { group: "Session and login" },
      endMemberSessions: { description: "The same as POST /logout, under the member API's prefix.", group: "Session and login" },
      listPrograms: { group: "Programs" },
    });
  });

  it("refuses a source whose table names a route the table lacks", () => {
    expect(() => routeNotes('export const API = { noSuchRoute: { method: "GET" } } as const;')).toThrow(/noSuchRoute/);
  });

  it("gives every route of the real table a group", () => {
    const notes = routeNotes();
    for (const name of Object.keys(API)) expect(notes[name as RouteName]?.group, name).toBeDefined();
  });
});

describe("the error codes of the reference", () => {
  // Every code the functions' source names (thrown, or kept in a table of refusals), tests aside.
  const functionsSource = join(__dirname, "..", "functions", "src");
  const sources = (readdirSync(functionsSource, { recursive: true }) as string[])
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .map((file) => readFileSync(join(functionsSource, file), "utf8"))
    .join("\n");
  const named = (Object.keys(ERROR_STATUS) as ErrorCode[]).filter((code) => sources.includes(`"${code}"`));
  const documented = new Set((Object.keys(API) as RouteName[]).flatMap((name) => errorCodesOf(name)));

  it("include every code the functions can answer", () => {
    expect(named.filter((code) => !documented.has(code))).toEqual([]);
  });

  it("name in route-errors.ts only codes the functions answer", () => {
    const listed = new Set(Object.values(ROUTE_ERRORS).flat());
    expect([...listed].filter((code) => !named.includes(code))).toEqual([]);
  });
});
