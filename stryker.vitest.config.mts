import { defineConfig } from "vitest/config";

/** The tests StrykerJS runs against each mutant (stryker.config.mjs): those of the mutated modules. */
export default defineConfig({
  test: {
    include: [
      "functions/src/terms/**/*.test.ts",
      "functions/src/alerts/**/*.test.ts",
      "functions/src/links/link-tester*.test.ts",
      "functions/src/links/webhook-address*.test.ts",
      "functions/src/platform/csv-guard*.test.ts",
      "functions/src/platform/host-*.test.ts",
      "functions/src/platform/http/dns-host*.test.ts",
      // in this process against the local suite's emulators (npm run test:mutation runs inside it)
      "functions/test/api/*.in-process.test.ts",
    ],
    environment: "node",
    setupFiles: ["stryker.vitest.setup.ts"],
    // instrumented code, beside other work: a timeout here only stops a hang (Stryker times each mutant itself)
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
