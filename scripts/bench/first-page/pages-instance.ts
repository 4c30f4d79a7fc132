/**
 * A build's own `pages` function (functions/lib, with the templates and renderer in functions/pages that
 * its web build wrote), served on the Functions Framework as Cloud Run serves it, against the suite's
 * Firestore emulator. The baseline's pages must be rendered by the baseline's code: the suite's
 * Functions emulator runs this checkout's. This checkout's build is served the same way, so that both
 * pages come through the same path and their timings compare.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join, resolve } from "node:path";
import { suiteParams } from "../../../testing/rotation-instances";
import { HOST, PROJECT_ID } from "../../../testing/suite-config";

const FRAMEWORK = resolve(__dirname, "../../../node_modules/@google-cloud/functions-framework/build/src/main.js");
/** How long an instance may take to load and render its first page on a busy two-core machine. */
const START_DEADLINE_MS = 60_000;

export interface PagesInstance {
  origin: string;
  stop(): Promise<void>;
}

export async function startPagesInstance(buildRoot: string, port: number): Promise<PagesInstance> {
  const child = spawn(
    process.execPath,
    [FRAMEWORK, "--target=pages", `--source=${join(buildRoot, "functions", "lib")}`, `--port=${String(port)}`],
    // what a deploy gives the function: the suite's parameters (community, app origin); the emulators'
    // addresses come with the bench's own environment (npm run exec)
    {
      cwd: buildRoot,
      env: { ...process.env, ...suiteParams(), GCLOUD_PROJECT: PROJECT_ID, NODE_ENV: "production" },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const instance = { origin: `http://${HOST}:${String(port)}`, stop: () => stop(child) };
  try {
    await rendersHome(instance.origin, child);
    return instance;
  } catch (err) {
    await instance.stop();
    throw err;
  }
}

/** Answers once the instance renders `/` (its renderer loaded: the first request's cost is not the page's). */
async function rendersHome(origin: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_DEADLINE_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the pages function at ${origin} exited with ${String(child.exitCode)}`);
    const ok = await fetch(`${origin}/`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`the pages function at ${origin} did not answer within ${String(START_DEADLINE_MS / 1000)} s`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((done) => setTimeout(done, 5_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}
