/**
 * Imported first by every entry point (the local suite, scripts, benches, the test config): stops at
 * once, with a clear message, when this process is not on the Node major production runs. Without
 * it a wrong Node would only show as a warning buried in the Functions emulator's log.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { configuredRuntimes, nodeMismatch } from "./node-runtime";

const firebaseJson = JSON.parse(readFileSync(resolve(__dirname, "../../firebase.json"), "utf8")) as Parameters<
  typeof configuredRuntimes
>[0];
for (const runtime of configuredRuntimes(firebaseJson)) {
  const problem = nodeMismatch(process.versions.node, runtime);
  if (problem) {
    process.stderr.write(`${problem}\n`);
    process.exit(1);
  }
}
