// @ts-check
import { readdirSync, readFileSync } from "node:fs";
import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { CAPABILITY_LEVELS as LAYOUT_LEVELS, COLLECTION_OWNERS, COLLECTIONS_NOT_YET_BEHIND_OWNERS } from "./scripts/lib/code-layout.mjs";
import { collectionNamesIn, collectionOwnerRule } from "./scripts/lib/collection-owner-rule.mjs";

const WEB_APP = "The web app imports only its own code and @hub/contract.";
const WEB_OUTSIDE = outside("functions", "scripts", "testing", "e2e");
const WEB_FEATURES = readdirSync(new URL("web/src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// The functions' capabilities by level, lowest first (scripts/lib/code-layout.mjs says why).
const CAPABILITY_LEVELS = LAYOUT_LEVELS.map((level) => level.map((capability) => capability.name));
const CAPABILITIES = CAPABILITY_LEVELS.flat();
const FUNCTIONS = "The functions import only their own code and @hub/contract (a deploy uploads functions/ alone).";
const FUNCTIONS_OUTSIDE = [
  { ...outside("web", "scripts", "testing", "test"), message: FUNCTIONS },
  { regex: "^@/", message: FUNCTIONS },
];
const FIRESTORE_IN_STORES = { group: ["firebase-admin/firestore"], message: "Only stores (*.store.ts) and platform/ touch Firestore." };
const COLLECTION_NAMES = collectionNamesIn(readFileSync(new URL("functions/src/platform/db.ts", import.meta.url), "utf8"));
const COMPOSITION_ROOT = { regex: String.raw`^(\.\./)+(app|app-deps|toolkit|index)$` };

export default tseslint.config(
  { ignores: ["**/node_modules/**", "functions/lib/**", "**/dist/**", ".cache/**", "test-results/**", "**/*.js", "!eslint.config.mjs"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["**/test/**/*.ts", "**/e2e/**/*.ts", "testing/**/*.ts", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "@typescript-eslint/no-non-null-assertion": "off" },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Schemas are built with the `z` that contract/zod.ts configures (no eval, for the app's CSP).
    files: ["contract/src/**/*.ts", "functions/src/**/*.{ts,tsx}", "web/src/**/*.{ts,tsx}"],
    ignores: ["contract/src/zod.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "zod",
              message: "Import from the contract's zod.ts (@hub/contract/zod), which turns off zod's eval.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  // Boundaries between the workspaces (README, *Layout*; docs/architecture.md). Each file is in exactly one of these blocks,
  // because a later block's `no-restricted-imports` replaces an earlier one's. eslint.config.test.ts
  // proves each rule fails on a deliberate violation.
  {
    // Each Firestore collection is named only in the folder that owns it (scripts/lib/code-layout.mjs).
    files: ["functions/src/**/*.{ts,tsx}"],
    ignores: ["functions/src/**/*.test.ts", "functions/src/platform/db.ts"],
    plugins: { hub: { rules: { "collection-owner": collectionOwnerRule } } },
    rules: {
      "hub/collection-owner": ["error", { owners: COLLECTION_OWNERS, names: COLLECTION_NAMES, notYet: COLLECTIONS_NOT_YET_BEHIND_OWNERS }],
    },
  },
  boundary(["contract/src/**/*.ts"], "The contract is shared with the browser: zod and its own files only.", [
    { group: ["firebase*", "express", "node:*", "../*"] },
    outside("web", "functions", "scripts", "testing"),
  ]),
  boundary(["web/src/**/*.{ts,tsx}"], WEB_APP, [WEB_OUTSIDE]),
  // A feature never imports another: what two features share lives in lib/ or components/, and a page
  // (app/routes) composes features, handing one's data to another through props.
  ...WEB_FEATURES.map((feature) =>
    boundary(
      [`web/src/features/${feature}/**/*.{ts,tsx}`],
      `Features do not import each other (web/src/features/${feature}); share through lib/, components/ or the page.`,
      [{ ...WEB_OUTSIDE, message: WEB_APP }, { regex: String.raw`^@/features/(?!${feature}/)` }, { regex: String.raw`^(\.\./){2,}` }],
    ),
  ),
  boundary(["web/e2e/**/*.ts"], "Browser tests drive the built app; their support is in testing/.", [outside("functions", "scripts")]),
  // The functions: composition at the root (index, app, app-deps, route-table, toolkit), then one
  // folder per capability (routes → service → store), the capabilities in CAPABILITY_LEVELS' order,
  // then platform/ (db, errors, mail, config, http). Nothing imports upward or sideways.
  boundary(["functions/src/**/*.{ts,tsx}"], FUNCTIONS, [...FUNCTIONS_OUTSIDE]),
  // Per capability: its files, then its routers, then its stores (a later block replaces an earlier
  // one's rule for the files both match, so each repeats the capability order).
  ...CAPABILITIES.flatMap((capability) => {
    const order = capabilityOrder(capability);
    return [
      boundary(
        [`functions/src/${capability}/**/*.{ts,tsx}`],
        "A capability never imports the composition root (app, app-deps, toolkit, index) or a router.",
        [...FUNCTIONS_OUTSIDE, COMPOSITION_ROOT, ...order, { regex: String.raw`\.routes$` }, FIRESTORE_IN_STORES],
      ),
      boundary(
        [`functions/src/${capability}/**/*.routes.ts`],
        "A router never imports the composition root (app, app-deps, toolkit, index).",
        [...FUNCTIONS_OUTSIDE, COMPOSITION_ROOT, ...order, FIRESTORE_IN_STORES],
      ),
      boundary(
        [`functions/src/${capability}/**/*.store.ts`],
        "A store reads and writes Firestore only: it never imports a service, a router or the guard.",
        [...FUNCTIONS_OUTSIDE, COMPOSITION_ROOT, ...order, { regex: String.raw`\.(service|routes|guard)$` }],
      ),
    ];
  }),
  boundary(
    ["functions/src/platform/**/*.{ts,tsx}"],
    "platform/ is the plumbing every capability uses: it imports no capability and not the composition root.",
    [...FUNCTIONS_OUTSIDE, COMPOSITION_ROOT, { regex: String.raw`(^|/)(${CAPABILITIES.join("|")})/` }],
  ),
  boundary(["functions/test/**/*.ts"], "The functions' tests use their own code, @hub/contract and testing/.", [outside("web", "scripts")]),
  boundary(["scripts/**/*.ts"], "Scripts reach the functions through functions/src/toolkit.ts only, and never the web app.", [
    { regex: String.raw`(^|/)functions/(?!src/toolkit$)` },
    outside("web"),
  ]),
  boundary(
    ["testing/**/*.ts"],
    "Test support is used by scripts, not the other way round; the functions only through functions/src/toolkit.ts.",
    [{ regex: String.raw`(^|/)functions/(?!src/toolkit$)` }, outside("web", "scripts")],
  ),
);

/** The pattern refusing what `capability` may not import: the capabilities on its own level and above. */
function capabilityOrder(capability) {
  const level = CAPABILITY_LEVELS.findIndex((names) => names.includes(capability));
  const below = CAPABILITY_LEVELS.slice(0, level).flat();
  const notBelow = CAPABILITIES.filter((name) => name !== capability && !below.includes(name));
  if (notBelow.length === 0) return [];
  return [
    {
      regex: String.raw`^(\.\./)+(${notBelow.join("|")})/`,
      message: `A capability imports only those below it (scripts/lib/code-layout.mjs, CAPABILITY_LEVELS): ${capability} may import ${below.join(", ") || "no other"}, and platform/.`,
    },
  ];
}

/** An import of any of these top-level folders (found by path segment: `../../functions/src/x`). */
function outside(...folders) {
  return { regex: String.raw`(^|/)(${folders.join("|")})(/|$)` };
}

/** `no-restricted-imports` for these files: each pattern refused with the message. */
function boundary(files, message, patterns) {
  return { files, rules: { "no-restricted-imports": ["error", { patterns: patterns.map((p) => ({ message, ...p })) }] } };
}
