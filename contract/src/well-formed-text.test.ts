import { describe, expect, it } from "vitest";
import * as contract from "./index";
import { INVALID_TEXT_MESSAGE, isWellFormedText, textField } from "./common";
import type { z } from "./zod";

/**
 * Text that is not well-formed UTF-16 (a lone surrogate) cannot be stored by Firestore. Every string
 * a request can carry must refuse it with the one message, through the shared `textField`. The
 * string fields are found by walking the schemas themselves, so a new field or route is covered by
 * being written, and a field built on a bare `z.string()` fails here.
 */

type Path = (string | number)[];
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The paths of every string a schema reads from its input (a pipe reads with its input side). */
function stringPaths(schema: z.ZodType, path: Path = []): Path[] {
  const def = defOf(schema);
  switch (def.type) {
    case "string":
      return [path];
    case "object":
      return Object.entries(def.shape!).flatMap(([key, child]) => stringPaths(child, [...path, key]));
    case "array":
      return stringPaths(def.element!, [...path, 0]);
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "nonoptional":
    case "catch":
      return stringPaths(def.innerType!, path);
    case "pipe":
      return stringPaths(def.in!, path);
    case "union":
      return def.options!.flatMap((option) => stringPaths(option, path));
    case "enum":
    case "literal":
    case "boolean":
    case "number":
    case "null":
    case "transform":
      return [];
    default:
      throw new Error(`${path.join(".") || "(root)"}: a ${def.type} schema; teach this walk what text it reads`);
  }
}

function withValueAt(path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path as [string | number, ...Path];
  return typeof key === "number" ? [withValueAt(rest, value)] : { [key]: withValueAt(rest, value) };
}

const exported = contract as unknown as Record<string, z.ZodType>;
/**
 * Every request body and query schema of the contract (named *RequestSchema / *QuerySchema; routes/
 * request-schemas.test.ts checks that the routers parse with no other), and the community configuration.
 */
const requestSchemaNames = Object.keys(exported)
  .filter((name) => /(Request|Query)Schema$/.test(name) || name === "communitySchema")
  .sort();

const LONE_SURROGATES = ["\ud800", "\udfff", "abc\ud83d", "\udc00abc", "a\ud800b"];

describe("well-formed text", () => {
  it("isWellFormedText tells lone surrogates from pairs, natively and without isWellFormed", () => {
    for (const text of ["", "plain", "Café 🦄", "בנק", "Z̴̡a̸l̶g̵o"]) expect(isWellFormedText(text)).toBe(true);
    for (const text of LONE_SURROGATES) expect(isWellFormedText(text)).toBe(false);
    // an older browser without String.prototype.isWellFormed takes the regular expression
    const original = Object.getOwnPropertyDescriptor(String.prototype, "isWellFormed");
    Reflect.deleteProperty(String.prototype, "isWellFormed");
    try {
      expect(isWellFormedText("Café 🦄")).toBe(true);
      for (const text of LONE_SURROGATES) expect(isWellFormedText(text)).toBe(false);
    } finally {
      if (original) Object.defineProperty(String.prototype, "isWellFormed", original);
    }
  });

  it("textField refuses ill-formed text first, with the one message, and keeps the field's own checks", () => {
    const field = textField("Name is required").trim().min(1, { error: "Name is required" }).max(3, { error: "Too long" });
    expect(field.safeParse("\ud800").error?.issues).toEqual([expect.objectContaining({ message: INVALID_TEXT_MESSAGE })]);
    expect(field.safeParse(`${"x".repeat(10)}\ud800`).error?.issues.map((i) => i.message)).toEqual([INVALID_TEXT_MESSAGE]);
    expect(field.safeParse(7).error?.issues[0]?.message).toBe("Name is required");
    expect(field.safeParse(" ab ").data).toBe("ab");
    expect(field.safeParse("abcd").error?.issues[0]?.message).toBe("Too long");
  });

  const cases = requestSchemaNames.flatMap((name) => stringPaths(exported[name]!).map((path) => ({ name, path })));

  it("finds the string fields (a sanity check of the walk)", () => {
    const found = cases.map(({ name, path }) => `${name}.${path.join(".")}`);
    for (const field of [
      "createProgramRequestSchema.name",
      "bulkLinkRequestSchema.ids.0",
      "bulkLinkRequestSchema.op",
      "tokenLoginQuerySchema.token",
      "updateUserRequestSchema.notes",
      "mergeProgramRequestSchema.targetProgramId",
    ]) {
      expect(found).toContain(field);
    }
    expect(cases.length).toBeGreaterThan(35);
  });

  it.each(cases.map(({ name, path }) => [`${name}.${path.join(".")}`, name, path] as const))(
    "%s refuses lone surrogates",
    (_label, name, path) => {
      for (const text of LONE_SURROGATES) {
        const result = exported[name]!.safeParse(withValueAt(path, text));
        expect(result.success).toBe(false);
        expect(result.error?.issues, JSON.stringify(text)).toContainEqual(expect.objectContaining({ path, message: INVALID_TEXT_MESSAGE }));
      }
    },
  );

  it.each(requestSchemaNames.filter((name) => stringPaths(exported[name]!).length === 0))(
    "%s takes no text at all (booleans, enums)",
    (name) => {
      expect(stringPaths(exported[name]!)).toEqual([]);
    },
  );
});
