// @ts-check
// An ESLint rule: a Firestore collection is named only in the folder of functions/src that owns it
// (code-layout.mjs, COLLECTION_OWNERS), whether through platform/db.ts' COLLECTIONS, a string
// literal given to collection(), collectionGroup() or doc(), or a path beginning with its name.

/**
 * @typedef {{ owners: Record<string, string>; names: Record<string, string>; notYet?: Record<string, string[]> }} Options
 * owners: collection key → owning folder; names: collection key → its name in Firestore;
 * notYet: collection key → folders still let through.
 */

const CALLS = new Set(["collection", "collectionGroup", "doc"]);

/** The folder of functions/src a file is in ("" for the root files), or null outside functions/src. */
function folderOf(filename) {
  const path = filename.replaceAll("\\", "/");
  const at = path.lastIndexOf("functions/src/");
  if (at < 0) return null;
  const rest = path.slice(at + "functions/src/".length).split("/");
  return rest.length > 1 ? rest[0] : "";
}

/** A string a node holds as written: a literal, or a template without expressions. */
function staticString(node) {
  if (node?.type === "Literal" && typeof node.value === "string") return node.value;
  if (node?.type === "TemplateLiteral" && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return null;
}

/** @type {import("eslint").Rule.RuleModule} */
export const collectionOwnerRule = {
  meta: {
    type: "problem",
    docs: { description: "A Firestore collection is named only in the folder that owns it." },
    schema: [{ type: "object", additionalProperties: true }],
    messages: {
      notOwner:
        "{{collection}} belongs to {{owner}}/ (scripts/lib/code-layout.mjs, COLLECTION_OWNERS): {{folder}} reads and writes it through {{owner}}/'s exported readers and writers.",
    },
  },
  create(context) {
    const folder = folderOf(context.filename);
    if (folder === null) return {};
    const { owners, names, notYet = {} } = /** @type {Options} */ (context.options[0]);
    const keyOfName = new Map(Object.entries(names).map(([key, name]) => [name, key]));
    const check = (node, key) => {
      const owner = owners[key];
      if (owner === undefined || owner === folder || (notYet[key] ?? []).includes(folder)) return;
      context.report({ node, messageId: "notOwner", data: { collection: names[key] ?? key, owner, folder: folder || "the root" } });
    };
    return {
      MemberExpression(node) {
        if (node.object.type !== "Identifier" || node.object.name !== "COLLECTIONS") return;
        const key = node.computed ? staticString(node.property) : node.property.type === "Identifier" ? node.property.name : null;
        if (key !== null) check(node, key);
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== "MemberExpression" || callee.property.type !== "Identifier" || !CALLS.has(callee.property.name)) return;
        const path = staticString(node.arguments[0]);
        if (path === null) return;
        const key = keyOfName.get(path.split("/")[0]);
        if (key !== undefined) check(node.arguments[0], key);
      },
    };
  },
};

/**
 * The collections' names by key, read from platform/db.ts' text (the config cannot load TypeScript):
 * each `key: "name",` line of its COLLECTIONS block. functions/src/platform/collection-owners.test.ts
 * proves the reading equals COLLECTIONS.
 * @param {string} source platform/db.ts
 * @returns {Record<string, string>}
 */
export function collectionNamesIn(source) {
  const start = source.indexOf("export const COLLECTIONS = {");
  const end = source.indexOf("\n}", start);
  if (start < 0 || end < 0) throw new Error("platform/db.ts has no COLLECTIONS block");
  const block = source.slice(start, end);
  return Object.fromEntries([...block.matchAll(/^ {2}(\w+): "([^"]+)",$/gm)].map((m) => [m[1], m[2]]));
}
