import { isDeepStrictEqual } from "node:util";
import { readAnswer, type RouteSpec } from "@hub/contract/routes";

/**
 * The paths of what `raw` holds and `parsed` does not: the fields an answer carried that its
 * schema does not list (zod drops them), as `links[3].pastProgramIds`. Walked with a stack, not by
 * recursion, so a deep answer cannot overflow it.
 */
export function unlistedFields(raw: unknown, parsed: unknown): string[] {
  const found: string[] = [];
  const stack: { raw: unknown; parsed: unknown; path: string }[] = [{ raw, parsed, path: "" }];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (Array.isArray(next.raw) && Array.isArray(next.parsed)) {
      next.raw.forEach((item, i) => stack.push({ raw: item, parsed: (next.parsed as unknown[])[i], path: `${next.path}[${String(i)}]` }));
    } else if (isRecord(next.raw) && isRecord(next.parsed)) {
      for (const [key, value] of Object.entries(next.raw)) {
        const path = next.path === "" ? key : `${next.path}.${key}`;
        if (!(key in next.parsed)) found.push(path);
        else stack.push({ raw: value, parsed: next.parsed[key], path });
      }
    }
  }
  return found.sort();
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Checks a successful JSON answer against its route's published schema, strictly: it must parse,
 * carry no field the schema does not list, and be what parsing it gives back (no value the schema
 * would change). Throws, naming the route and what differs; a route without a JSON answer passes.
 */
export function checkAnswerShape(name: string, spec: RouteSpec, body: unknown): void {
  if (!spec.response || spec.file) return;
  const read = readAnswer(spec, body);
  if (!read.ok) throw new Error(`${name}: the answer does not match its schema: ${read.problems}`);
  const unlisted = unlistedFields(body, read.answer);
  if (unlisted.length > 0) throw new Error(`${name}: the answer has fields its schema does not list: ${unlisted.slice(0, 10).join(", ")}`);
  if (!isDeepStrictEqual(read.answer, body)) throw new Error(`${name}: the answer is not what its schema reads back from it`);
}
