/**
 * The `redirect` function (functions/lib) served as Cloud Run serves it: each instance one Node process
 * on the Functions Framework (what Cloud Run functions run on), taking many requests at a time,
 * against the local suite's Firestore emulator. Several instances stand for a scaled-out rotation,
 * each with its own in-memory rotation state, as in production.
 *
 * Why not the Functions emulator for load: it runs one request per worker process and starts a new
 * process whenever a request finds none idle. Under sustained concurrent load on a two-core machine
 * those starts pile up past the emulator's 30 s load limit, and the request a late worker was started
 * for is never answered (Hosting answers 504 after 60 s); no warm-up can fix the pool's size, since a
 * burst of N previews is served by however few workers happen to be idle. Production never runs that
 * way, so load that must be answered in full goes here.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { HOST, PORTS, PROJECT_ID } from "./suite-config";

const ROOT = path.resolve(__dirname, "..");
const FRAMEWORK = path.join(ROOT, "node_modules", "@google-cloud", "functions-framework", "build", "src", "main.js");
/** How long an instance may take to listen on a loaded two-core machine (it loads in about a second). */
const START_DEADLINE_MS = 60_000;

/** The functions' parameters for the local project: the .env file the Functions emulator reads. */
export function suiteParams(): NodeJS.Dict<string> {
  return parseEnv(readFileSync(path.join(ROOT, "functions", `.env.${PROJECT_ID}`), "utf8"));
}

export interface RotationInstance {
  process: ChildProcess;
  /** The instance's origin: `${origin}${rotationPath(id)}` is a program's rotation address. */
  origin: string;
  /** The key its visitor cookies are signed with: a test's own cookies for it are signed with this. */
  visitorCookieSecret: string;
}

/** Answers once the instance listens; fails if it exits first or does not listen in time. */
async function listening(instance: RotationInstance): Promise<void> {
  const exited = new Promise<never>((_, fail) =>
    instance.process.once("exit", (code) => fail(new Error(`rotation instance ${instance.origin} exited with ${String(code)}`))),
  );
  exited.catch(() => undefined); // only raced below
  const deadline = Date.now() + START_DEADLINE_MS;
  while (Date.now() < deadline) {
    const up = await Promise.race([
      exited,
      fetch(`${instance.origin}/`).then(
        () => true,
        () => false,
      ),
    ]);
    if (up) return;
    await Promise.race([exited, new Promise((done) => setTimeout(done, 100))]);
  }
  throw new Error(`rotation instance ${instance.origin} did not listen within ${String(START_DEADLINE_MS / 1000)} s`);
}

/**
 * Starts `count` instances of the rotation (ports from PORTS.rotationInstances up) and answers once all
 * listen. `cpuProfileDir` has each write a CPU profile there when it is stopped (node --cpu-prof).
 * They share one visitor cookie secret: `visitorCookieSecret`, else one made at random, as a deploy's
 * must be (outside the emulator the rotation refuses a weak or published one, such as the suite's).
 */
export async function startRotationInstances(
  count: number,
  options: { cpuProfileDir?: string; visitorCookieSecret?: string } = {},
): Promise<RotationInstance[]> {
  const profile = options.cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
  const visitorCookieSecret = options.visitorCookieSecret ?? randomBytes(32).toString("base64");
  // what a deploy gives the function: its parameters (the suite's .env file, client IP settings
  // included, and the params' defaults) and its secret (the visitor cookie's key)
  const env = {
    ...process.env,
    ...suiteParams(),
    VISITOR_COOKIE_SECRET: visitorCookieSecret,
    GCLOUD_PROJECT: PROJECT_ID,
    NODE_ENV: "production",
  };
  const instances = Array.from({ length: count }, (_, i): RotationInstance => {
    const port = PORTS.rotationInstances + i;
    const child = spawn(
      process.execPath,
      [...profile, FRAMEWORK, "--target=redirect", `--source=${path.join(ROOT, "functions", "lib")}`, `--port=${String(port)}`],
      {
        cwd: ROOT,
        env,
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    return { process: child, origin: `http://${HOST}:${String(port)}`, visitorCookieSecret };
  });
  try {
    await Promise.all(instances.map(listening));
    return instances;
  } catch (err) {
    await stopRotationInstances(instances);
    throw err;
  }
}

/** Ends the instances as Cloud Run does (SIGTERM, so that --cpu-prof writes its profile), then for sure. */
export async function stopRotationInstances(instances: RotationInstance[]): Promise<void> {
  await Promise.all(
    instances.map(async ({ process: child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((done) => setTimeout(done, 5_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }),
  );
}
