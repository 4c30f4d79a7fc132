import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { configuredRuntimes, nodeMismatch } from "./scripts/lib/node-runtime";

// Tests run on the Node major production runs, or not at all (the same check as every script's).
const firebaseJson = JSON.parse(readFileSync(new URL("./firebase.json", import.meta.url), "utf8")) as Parameters<
  typeof configuredRuntimes
>[0];
for (const runtime of configuredRuntimes(firebaseJson)) {
  const problem = nodeMismatch(process.versions.node, runtime);
  if (problem) throw new Error(problem);
}

const webSrc = fileURLToPath(new URL("./web/src", import.meta.url));

/**
 * One config, four projects. `unit` needs nothing running; the others run inside
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
          ],
          environment: "node",
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
          testTimeout: 30_000,
          hookTimeout: 30_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["web/e2e/**/*.test.ts"],
          testTimeout: 90_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // expect.poll() waits for what the page shows as long as Playwright waits for an element
          // (30 s): its default of 1 s failed a title that waits for the API's answer on a busy machine.
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});
