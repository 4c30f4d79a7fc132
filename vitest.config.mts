import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { configuredNodeMajor, nodeMajorProblem } from "./scripts/lib/node-major";

// The tests too run on the project's Node only (scripts/lib/node-major.ts says why).
const nodeProblem = nodeMajorProblem(
  process.versions.node,
  configuredNodeMajor(fileURLToPath(new URL(".", import.meta.url))),
  process.execPath,
);
if (nodeProblem) throw new Error(nodeProblem);

const webSrc = fileURLToPath(new URL("./web/src", import.meta.url));

/**
 * One config, five projects. `unit` needs nothing running; the others run inside
 * `npm run exec` (the local suite) and read its variables (APP_URL, STRIPE_URL, MAIL_URL, ...).
 */
export default defineConfig({
  resolve: { alias: { "@": webSrc } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "eslint.config.test.ts",
            "contract/src/**/*.test.ts",
            "functions/src/**/*.test.ts",
            "web/src/**/*.test.{ts,tsx}",
            "scripts/**/*.test.ts",
            "testing/**/*.test.ts",
          ],
          environment: "node",
          // Unit tests wait for nothing: the timeout only stops a hang. npm test runs them beside two
          // local suites on a 2-core machine, where the heaviest (analytics-window's 400 days per
          // range) took 4 s of the default 5.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: { name: "rules", include: ["functions/test/rules/**/*.test.ts"], testTimeout: 20_000, fileParallelism: false },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["functions/test/api/**/*.test.ts"],
          setupFiles: ["testing/task-queue-switch.setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          fileParallelism: false,
          // one after another in one worker, which keeps the modules it imported (firebase-admin, the
          // toolkit: seconds per file): nothing here keeps state between files at module scope
          isolate: false,
        },
      },
      {
        extends: true,
        // After `api` in the same `npm run exec`: the queries it made the functions run, checked
        // against firestore.indexes.json (scripts/query-index). Collecting is slow (the type checker).
        test: { name: "queries", include: ["scripts/query-index/**/*.check.ts"], testTimeout: 120_000, hookTimeout: 120_000 },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["web/e2e/**/*.test.ts"],
          testTimeout: 90_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          isolate: false,
          // expect.poll() waits for what the page shows as long as Playwright waits for an element
          // (30 s): its default of 1 s failed a title that waits for the API's answer on a busy machine.
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});
