/**
 * `npm test`: every check and every suite, in three lanes side by side.
 *
 *   checks  lint, typecheck, unit tests (nothing running)
 *   api     local suite 1: rules, API, then the query-index check of what the API tests ran
 *   e2e     local suite 0: the browser tests
 *
 * The API and browser suites spend about half their time waiting (on timers, on the emulators'
 * queues, on pacing they test), so two local suites on their own ports (testing/suite-config.ts,
 * SUITE_SLOT) fill each other's waits. The functions and the web app are built once, before.
 * Each lane's lines are printed as they come, prefixed with its name; the summary names the lanes
 * that failed. Exits 1 if any did.
 */
import "./lib/require-node-major"; // first: stops at once on a Node of another major
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { join, resolve } from "node:path";
import { localEmulatorBinaryEnv } from "./lib/emulator-binaries";
import { WEB_BUILD_ENV } from "../testing/suite-config";

const ROOT = resolve(__dirname, "..");

interface Step {
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

interface Lane {
  name: string;
  steps: Step[];
}

const npm = (...args: string[]): Step => ({ command: "npm", args });
const inSuite = (slot: number, script: string): Step => ({
  command: "npm",
  args: ["run", "exec", "--", "npm", "run", script],
  env: { SUITE_SLOT: String(slot), SUITE_SKIP_BUILD: "1" },
});

const LANES: Lane[] = [
  { name: "checks", steps: [npm("run", "lint"), npm("run", "typecheck"), npm("run", "test:unit")] },
  { name: "api", steps: [inSuite(1, "test:api-suite")] },
  { name: "e2e", steps: [inSuite(0, "test:e2e")] },
];

function runStep(lane: string, step: Step): Promise<number> {
  return new Promise((done, reject) => {
    const child = spawn(step.command, step.args, {
      cwd: ROOT,
      env: { ...process.env, ...step.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const width = Math.max(...LANES.map((l) => l.name.length));
    const prefix = `[${lane.padEnd(width)}] `;
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on("line", (line) => process.stdout.write(`${prefix}${line}\n`));
    }
    child.on("error", reject);
    child.on("close", (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

async function runLane(lane: Lane): Promise<{ name: string; status: number; seconds: number; failed?: string }> {
  const started = Date.now();
  for (const step of lane.steps) {
    const status = await runStep(lane.name, step);
    if (status !== 0) {
      return { name: lane.name, status, seconds: (Date.now() - started) / 1000, failed: [step.command, ...step.args].join(" ") };
    }
  }
  return { name: lane.name, status: 0, seconds: (Date.now() - started) / 1000 };
}

async function main(): Promise<number> {
  const started = Date.now();
  // Built once for both suites (each would build the same files into the same folders).
  for (const step of [npm("run", "build", "-w", "functions"), { ...npm("run", "build", "-w", "web"), env: WEB_BUILD_ENV }]) {
    const status = await runStep("build", step);
    if (status !== 0) return status;
  }
  // the Firestore launcher jar, made once into the cache before two suites would make it at once
  localEmulatorBinaryEnv(join(ROOT, ".cache"));

  const results = await Promise.all(LANES.map(runLane));
  const lines = results.map(
    (r) => `  ${r.name.padEnd(7)} ${r.status === 0 ? "passed" : "FAILED"} in ${r.seconds.toFixed(0)} s${r.failed ? ` (${r.failed})` : ""}`,
  );
  process.stdout.write(`\nnpm test: ${((Date.now() - started) / 1000).toFixed(0)} s\n${lines.join("\n")}\n`);
  return results.every((r) => r.status === 0) ? 0 : 1;
}

main().then(
  (status) => process.exit(status),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
