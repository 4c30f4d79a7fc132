// @ts-check
/**
 * Mutation testing (`npm run test:mutation`, docs/testing.md *Mutation testing*) of the modules that
 * read outside input: the terms watch, the alerts channel, the link tester's address rules and body
 * reader, the CSV formula guard and host pacing. Every file of them is mutated; the tests are those
 * of stryker.vitest.config.mts, run inside the local suite (its Firestore emulator) for the stores.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: "vitest",
  vitest: { configFile: "stryker.vitest.config.mts", related: false },
  plugins: ["@stryker-mutator/vitest-runner"],
  mutate: [
    "functions/src/terms/**/*.ts",
    "functions/src/alerts/**/*.ts",
    "functions/src/links/link-tester.ts",
    "functions/src/platform/csv-guard.ts",
    "functions/src/platform/host-turns.ts",
    "functions/src/platform/host-paces.store.ts",
    "functions/src/platform/http/dns-host.ts",
    "!**/*.test.ts",
  ],
  coverageAnalysis: "perTest",
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: ".cache/mutation/mutation.json" },
  tempDirName: ".cache/stryker-tmp",
  // the local suites' folders (built functions, emulator data) are no part of the sandbox
  ignorePatterns: [".cache", "test-results", "web/dist", "functions/lib"],
  cleanTempDir: "always",
  concurrency: 2,
  thresholds: { high: 90, low: 85, break: null },
  timeoutMS: 20_000,
  // the first run of every test, instrumented, beside the local suite: minutes on two cores
  dryRunTimeoutMinutes: 30,
};
