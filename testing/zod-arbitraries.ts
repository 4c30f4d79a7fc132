import fc from "fast-check";
import { z } from "zod";

/**
 * fast-check arbitraries from the contract's zod schemas, through zod 4's own JSON Schema export (no
 * published library maps zod 4 to fast-check). Output-side JSON Schema keeps what pipes check (an
 * e-mail's format); refinements (an http(s) URL) are invisible to it, so those fields take an
 * override, keyed by path ("/link", "/ids/*").
 */
type JsonSchema = {
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  type?: string | string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};
export type Overrides = Record<string, fc.Arbitrary<unknown>>;

/** Output side where it can be (it keeps pipes' checks); a schema with a transform only has an input side. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  try {
    return z.toJSONSchema(schema, { io: "output", unrepresentable: "throw" }) as JsonSchema;
  } catch {
    return z.toJSONSchema(schema, { io: "input", unrepresentable: "throw" }) as JsonSchema;
  }
}

/** fast-check cannot generate from lookaheads; ours only exclude rare corner cases, which validBody's check would catch. */
function matching(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return fc.stringMatching(new RegExp(pattern.replace(/\(\?[=!][^)]*\)/g, "")));
  }
}

function fromJsonSchema(s: JsonSchema, overrides: Overrides, path: string): fc.Arbitrary<unknown> {
  const override = overrides[path];
  if (override) return override;
  if ("const" in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => fromJsonSchema(a, overrides, path)));
  if (s.allOf) throw new Error(`allOf at ${path || "/"}: give an override`);
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((type) => fromJsonSchema({ ...s, type }, overrides, path)));
  switch (s.type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return fc.integer({ min: s.minimum ?? -1_000_000, max: s.maximum ?? 1_000_000 });
    case "number":
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case "string": {
      const { minLength = 0, maxLength } = s;
      if (!s.pattern && !s.format) return fc.string({ minLength, maxLength: maxLength ?? 200, unit: "grapheme" });
      const base = s.pattern ? matching(s.pattern) : s.format === "email" ? fc.emailAddress() : null;
      if (!base) throw new Error(`string format ${String(s.format)} at ${path}: give an override`);
      // mapped, not filtered: a filter that never matches would spin forever
      return base.map((v) => (maxLength !== undefined && v.length > maxLength ? v.slice(0, maxLength) : v));
    }
    case "array":
      return fc.array(fromJsonSchema(s.items ?? {}, overrides, `${path}/*`), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 10, 10),
      });
    case "object":
      return fc.record(
        Object.fromEntries(
          Object.entries(s.properties ?? {}).map(([key, value]) => [key, fromJsonSchema(value, overrides, `${path}/${key}`)]),
        ),
        { requiredKeys: s.required ?? [] },
      );
    default:
      throw new Error(`unsupported JSON schema at ${path || "/"}: ${JSON.stringify(s)}`);
  }
}

/** Bodies the schema accepts. Checked up front on a sample: a generator that makes invalid data says so at once. */
export function validBody(schema: z.ZodType, overrides: Overrides = {}): fc.Arbitrary<Record<string, unknown>> {
  const arbitrary = fromJsonSchema(jsonSchemaOf(schema), overrides, "") as fc.Arbitrary<Record<string, unknown>>;
  for (const value of fc.sample(arbitrary, { numRuns: 30, seed: 42 })) {
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      throw new Error(
        `the generator makes bodies the schema refuses (give an override): ${JSON.stringify(parsed.error.issues).slice(0, 300)}`,
      );
  }
  return arbitrary;
}

/** Values no field of ours should take: wrong types, control and direction characters, huge and nested values. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, "", " ", "\u0000", "\u202e", "\ud800", "🦄".repeat(3), [], {}, { $gt: "" }, ["a", 1]),
  fc.constantFrom("javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "/relative/path", "mailto:a@example.com", "http://"),
  fc.string({ unit: "binary", maxLength: 50 }),
  fc.jsonValue({ maxDepth: 3 }),
);
const hostileKey = fc.constantFrom("__proto__", "constructor", "prototype", "toString", "", "$where", "a.b", "isAdmin", "approved");

/**
 * A valid body, then spoiled: a field dropped, an unknown or prototype key added, or a field given a
 * hostile value. Most are invalid; the caller keeps those the schema refuses.
 */
export function mutatedBody(schema: z.ZodType, overrides: Overrides = {}): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(validBody(schema, overrides), fc.nat(), fc.nat({ max: 2 }), hostileKey, hostileValue)
    .map(([body, index, how, key, value]) => {
      const spoiled: Record<string, unknown> = { ...body };
      const keys = Object.keys(spoiled);
      const field = keys[index % Math.max(keys.length, 1)];
      if (how === 0 && field) delete spoiled[field];
      else if (how === 1 || !field) Object.defineProperty(spoiled, key, { value, enumerable: true, writable: true, configurable: true });
      else spoiled[field] = value;
      return spoiled;
    });
}

/** The string fields of a body schema with their maximum length (top level), for limit + 1 checks. */
export function stringLimits(schema: z.ZodType): { field: string; maxLength: number; format?: string }[] {
  const properties = jsonSchemaOf(schema).properties ?? {};
  return Object.entries(properties).flatMap(([field, s]) => {
    const variants = s.anyOf ?? [s];
    const text = variants.find((v) => v.type === "string" || (Array.isArray(v.type) && v.type.includes("string")));
    return text?.maxLength !== undefined ? [{ field, maxLength: text.maxLength, ...(text.format ? { format: text.format } : {}) }] : [];
  });
}

/**
 * Every place a body schema takes text, nested ones too: a path of keys, "*" for an array's items
 * (["ids", "*"]). From the same JSON Schema export as the generators, so a new field is found by itself.
 */
export function stringPaths(schema: z.ZodType): string[][] {
  const found: string[][] = [];
  const walk = (s: JsonSchema, path: string[]): void => {
    const variants = s.anyOf ?? s.oneOf;
    if (variants) return variants.forEach((v) => walk(v, path));
    const types = Array.isArray(s.type) ? s.type : [s.type];
    if (types.includes("string") && !("const" in s) && !s.enum) found.push(path);
    if (s.properties) for (const [key, value] of Object.entries(s.properties)) walk(value, [...path, key]);
    if (s.items) walk(s.items, [...path, "*"]);
  };
  walk(jsonSchemaOf(schema), []);
  return found.filter((p, i) => found.findIndex((q) => q.join("/") === p.join("/")) === i);
}

/** A copy of `body` with `value` at `path` ("*" is an array's first item, made if missing). */
export function withValueAt(body: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path as [string, ...string[]];
  if (key === "*") {
    const items = Array.isArray(body) ? [...(body as unknown[])] : [];
    items[0] = withValueAt(items[0], rest, value);
    return items;
  }
  const record = body !== null && typeof body === "object" && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {};
  record[key] = withValueAt(record[key], rest, value);
  return record;
}
