import { defineConfig } from "vitest/config";

/** The tests StrykerJS runs against each mutant (stryker.config.mjs): those of the mutated modules. */
export default defineConfig({
  test: {
    include: [
      "functions/src/terms/**/*.test.ts",
      "functions/src/alerts/**/*.test.ts",
      "functions/src/links/link-tester.test.ts",
      "functions/src/platform/csv-guard.test.ts",
      "functions/src/platform/host-*.test.ts",
    ],
    environment: "node",
    testTimeout: 20_000,
  },
});
