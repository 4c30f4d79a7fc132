// @ts-check
import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

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
    files: ["contract/src/**/*.ts", "functions/src/**/*.ts", "web/src/**/*.{ts,tsx}"],
    ignores: ["contract/src/zod.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [{ name: "zod", message: "Import from the contract's zod.ts (@hub/contract/zod), which turns off zod's eval.", allowTypeImports: true }] },
      ],
    },
  },
  // Boundaries between the workspaces (README, *Layout*). Each file is in exactly one of these blocks,
  // because a later block's `no-restricted-imports` replaces an earlier one's. eslint.config.test.ts
  // proves each rule fails on a deliberate violation.
  boundary(["contract/src/**/*.ts"], "The contract is shared with the browser: zod and its own files only.", [
    { group: ["firebase*", "express", "node:*", "../*"] },
    outside("web", "functions", "scripts", "testing"),
  ]),
  boundary(["web/src/**/*.{ts,tsx}"], "The web app imports only its own code and @hub/contract.", [outside("functions", "scripts", "testing", "e2e")]),
  boundary(["web/e2e/**/*.ts"], "Browser tests drive the built app; their support is in testing/.", [outside("functions", "scripts")]),
  boundary(["functions/src/**/*.ts"], "The functions import only their own code and @hub/contract (a deploy uploads functions/ alone).", [
    outside("web", "scripts", "testing", "test"),
    { regex: "^@/" },
  ]),
  boundary(["functions/test/**/*.ts"], "The functions' tests use their own code, @hub/contract and testing/.", [outside("web", "scripts")]),
  boundary(["scripts/**/*.ts"], "Scripts reach the functions through functions/src/toolkit.ts only, and never the web app.", [
    { regex: String.raw`(^|/)functions/(?!src/toolkit$)` },
    outside("web"),
  ]),
  boundary(["testing/**/*.ts"], "Test support is used by scripts, not the other way round; the functions only through functions/src/toolkit.ts.", [
    { regex: String.raw`(^|/)functions/(?!src/toolkit$)` },
    outside("web", "scripts"),
  ]),
);

/** An import of any of these top-level folders (found by path segment: `../../functions/src/x`). */
function outside(...folders) {
  return { regex: String.raw`(^|/)(${folders.join("|")})(/|$)` };
}

/** `no-restricted-imports` for these files: each pattern refused with the message. */
function boundary(files, message, patterns) {
  return { files, rules: { "no-restricted-imports": ["error", { patterns: patterns.map((p) => ({ ...p, message })) }] } };
}
