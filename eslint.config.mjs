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
    files: ["**/test/**/*.ts", "**/e2e/**/*.ts", "**/*.test.ts", "**/*.test.tsx"],
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
  {
    // The contract is shared with the browser: zod only.
    files: ["contract/src/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: ["firebase*", "express", "../*", "node:*"] }] },
  },
);
