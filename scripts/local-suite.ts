/**
 * The local suite: Firebase emulators (Auth, Firestore, Functions, Hosting, Pub/Sub), a local
 * Stripe-compatible API and an SMTP catcher with a web inbox.
 *
 *   tsx scripts/local-suite.ts start          builds, starts everything with demo data, waits for Ctrl-C
 *   tsx scripts/local-suite.ts exec -- <cmd>  builds, starts everything empty, runs <cmd>, stops,
 *                                             exits with <cmd>'s status
 */
import "./lib/require-node-major"; // first: stops at once on a Node of another major
import { spawn, type ChildProcess } from "node:child_process";
import {
  closeSync,
  createWriteStream,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createConnection } from "node:net";
import { join, resolve } from "node:path";
import { localEmulatorBinaryEnv } from "./lib/emulator-binaries";
import { run, runOrFail } from "./lib/run-command";
import { startQueryRecording } from "./query-index/recorded";
import { writeLocalFirebaseConfig } from "./lib/local-firebase-config";
import { callRoute } from "../testing/http";
import {
  DEMO,
  DEMO_COMMUNITY,
  DEMO_SEED_SCRIPT,
  EXEC_ENV,
  HOST,
  LOCAL_VISITOR_COOKIE_SECRET,
  PORTS,
  PROJECT_ID,
  SUITE_LOGS,
  SUITE_SLOT,
  URLS,
  WEB_BUILD_ENV,
} from "../testing/suite-config";
import { emptyMailFolder, mailCatcherArgs } from "./lib/mail-catcher";
import { startStripeLocal } from "./stripe-local/server";
import { startWebFixture } from "./web-fixture/server";

const ROOT = resolve(__dirname, "..");
const CACHE = join(ROOT, ".cache");
/** What suite 1, 2, ... keeps apart from suite 0: its logs, its functions folder, its CLI's temporary files. */
const SLOT_DIR = join(CACHE, `suite-${String(SUITE_SLOT)}`);
const LOGS = join(ROOT, SUITE_LOGS);
const BIN = join(ROOT, "node_modules", ".bin");

type Mode = "start" | "exec";

function log(message: string) {
  process.stderr.write(`[suite${SUITE_SLOT === 0 ? "" : ` ${String(SUITE_SLOT)}`}] ${message}\n`);
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection({ host: HOST, port });
    socket.once("connect", () => (socket.destroy(), done(true)));
    socket.once("error", () => done(false));
  });
}

async function assertPortsFree() {
  const busy: number[] = [];
  for (const port of Object.values(PORTS)) if (await portInUse(port)) busy.push(port);
  if (busy.length > 0) {
    throw new Error(`ports ${busy.join(", ")} are already in use: is another local suite (npm start / npm run exec) running?`);
  }
}

/** A long-running child in its own process group, so stopping it stops its children too (Java emulators). */
interface Service {
  child: ChildProcess;
  /** A start-up failure seen in the output (the process may stay up, e.g. functions that failed to load). */
  failure: string | null;
}

const FATAL_OUTPUT = /Failed to load function definition[^\n]*|Could not start [^\n]*|port \d+ is not open[^\n]*/;

function startService(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, echo: boolean): Service {
  mkdirSync(LOGS, { recursive: true });
  const logFile = createWriteStream(join(LOGS, `${name}.log`));
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const service: Service = { child, failure: null };
  for (const stream of [child.stdout, child.stderr]) {
    stream?.pipe(logFile, { end: false });
    stream?.on("data", (chunk: Buffer) => {
      if (echo) process.stderr.write(chunk);
      service.failure ??= FATAL_OUTPUT.exec(chunk.toString())?.[0] ?? null;
    });
  }
  return service;
}

function stopService(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return Promise.resolve();
  return new Promise((done) => {
    const pid = child.pid!;
    const kill = (signal: NodeJS.Signals) => {
      try {
        process.kill(-pid, signal);
      } catch {
        /* already gone */
      }
    };
    const timer = setTimeout(() => kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      kill("SIGKILL"); // stragglers in the group
      done();
    });
    kill("SIGINT");
  });
}

/**
 * firebase-tools starts the Java emulators (Firestore, Pub/Sub) detached, in process groups of their
 * own: when the CLI has to be killed (it did not stop within the grace period, e.g. after a load test
 * left dozens of function workers), they would outlive the suite and hold its ports. Linux only.
 */
function killStrayEmulators() {
  if (!existsSync("/proc")) return;
  // by port alone: another suite running beside this one (npm test runs two) uses the same jars
  const ours = [`--port=${String(PORTS.pubsub)}`, `--port=${String(PORTS.firestore)}`, `--port ${String(PORTS.firestore)}`];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string;
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ");
    } catch {
      continue; // gone meanwhile
    }
    if (!/\bjava\b/.test(args) || !ours.some((mark) => args.includes(mark))) continue;
    try {
      process.kill(Number(entry), "SIGKILL");
      log(`stopped a stray emulator (pid ${entry})`);
    } catch {
      /* already gone */
    }
  }
}

async function waitFor(description: string, check: () => Promise<boolean>, timeoutMs: number, services: Service[]) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const failed = services.find((s) => s.failure);
    if (failed) throw new Error(`${description}: ${failed.failure} (logs in ${SUITE_LOGS}/)`);
    if (services.some((s) => s.child.exitCode !== null || s.child.signalCode !== null)) {
      throw new Error(`${description}: a service exited during start-up (logs in ${SUITE_LOGS}/)`);
    }
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${description}: not ready after ${timeoutMs / 1000} s (logs in ${SUITE_LOGS}/)`);
}

async function build() {
  // scripts/test-all.ts builds once for the suites it runs side by side
  if (process.env.SUITE_SKIP_BUILD === "1") return;
  log("building functions and web app…");
  await runOrFail("npm", ["run", "build", "-w", "functions"]);
  // SUITE_REUSE_WEB_BUILD=1 serves the existing web/dist, for quick back-end iterations.
  if (process.env.SUITE_REUSE_WEB_BUILD === "1" && existsSync(join(ROOT, "web", "dist", "index.html"))) return;
  await runOrFail("npm", ["run", "build", "-w", "web"], { ...process.env, ...WEB_BUILD_ENV });
}

/**
 * The folder the emulator loads the functions from. Suite 0 uses functions/ itself; another suite a
 * folder of its own whose package.json, lib/ and pages/ are links to functions/ (the same build) but
 * whose .env and .secret.local carry its own addresses: the emulator reads both from that folder.
 */
function functionsFolder(): { dir: string; source: string } {
  const functions = join(ROOT, "functions");
  if (SUITE_SLOT === 0) return { dir: functions, source: "functions" };
  const dir = join(SLOT_DIR, "functions");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const entry of ["package.json", "lib", "pages"]) symlinkSync(join(functions, entry), join(dir, entry));
  const moved: Record<string, string> = { APP_ORIGIN: URLS.app, STRIPE_API_URL: URLS.stripe };
  const envFile = `.env.${PROJECT_ID}`;
  const lines = readFileSync(join(functions, envFile), "utf8")
    .split("\n")
    .map((line) => {
      const key = /^([A-Z0-9_]+)=/.exec(line)?.[1];
      return key && key in moved ? `${key}=${moved[key]!}` : line;
    });
  writeFileSync(join(dir, envFile), lines.join("\n"));
  return { dir, source: join(".cache", `suite-${String(SUITE_SLOT)}`, "functions") };
}

/** The emulator reads secrets from the functions folder's .secret.local: the local services' addresses and local-only keys. */
function writeLocalSecrets(functionsDir: string) {
  writeFileSync(
    join(functionsDir, ".secret.local"),
    `# Written by scripts/local-suite.ts for the emulator; not used by deploys.\nSMTP_URL=${URLS.smtp}\nSTRIPE_SECRET_KEY=sk_test_local\nADMIN_SETUP_TOKEN=unused-in-the-emulator\nVISITOR_COOKIE_SECRET=${LOCAL_VISITOR_COOKIE_SECRET}\n`,
  );
}

function banner() {
  const lines = [
    "",
    `  ${DEMO_COMMUNITY.name} Referral Hub – local suite is running`,
    "",
    `  App:            ${URLS.app}`,
    `  Programs page:  ${URLS.app}/programs (open to everyone: shared programs, rotation addresses, QR codes)`,
    `  Inbox (e-mail): ${URLS.inbox}`,
    `  Alerts channel: http://${HOST}:${PORTS.webFixture}/__webhooks (the webhooks the hub posted, as Discord would get them)`,
    `  Stripe (local): ${URLS.stripe}`,
    "",
    "  Member sign-in: open the app, enter one of these e-mails, then open the login e-mail in the inbox:",
    `    ${DEMO.member} (active subscription, approved, has links)`,
    `    ${DEMO.trialMember} (trial subscription, not yet approved)`,
    "    canceled@example.com or pastdue@example.com (Stripe customers) end on the 'Subscription Required' page",
    "    any other address is told 'Login link sent' but gets no mail: links go only to users and Stripe customers",
    "",
    `  Admin sign-in:  ${URLS.app}/auth  username ${DEMO.admin.email}  password ${DEMO.admin.password}`,
    "",
    `  Rotation addresses: short ones such as ${URLS.app}/r/chase-sapphire-preferred; copy any from /programs and open it`,
    "  (the older /api/programs/<id>/redirect still works);",
    "  each visit goes to an active link of that program and counts once per visitor and address each hour",
    "  (Analytics > Traffic shows what was not counted, and why).",
    `  Analytics:      ${URLS.app}/analytics (as the admin; the demo links have clicks over the last 90 days)`,
    "",
    "  Community (name, join page, support e-mail): COMMUNITY_* in functions/.env.demo-referral-hub",
    "",
    "  Press Ctrl-C to stop.",
    "",
  ];
  process.stdout.write(lines.join("\n") + "\n");
}

async function main() {
  const [mode, ...rest] = process.argv.slice(2) as [Mode, ...string[]];
  if (mode !== "start" && mode !== "exec") throw new Error("usage: local-suite.ts start | exec -- <command>");
  const command = rest[0] === "--" ? rest.slice(1) : rest;
  if (mode === "exec" && command.length === 0) throw new Error("usage: npm run exec -- <command> [args…]");

  await assertPortsFree();
  await build();
  const functions = functionsFolder();
  writeLocalSecrets(functions.dir);
  // `exec` records the queries its command makes the functions run, from an empty folder (scripts/query-index).
  const recording = mode === "exec" ? startQueryRecording(SUITE_SLOT) : {};
  // its own temporary folder: the CLI keeps a file there named after the project (the hub's locator)
  const cliTemp = join(SLOT_DIR, "tmp");
  mkdirSync(cliTemp, { recursive: true });
  const emulatorEnv = { ...process.env, ...localEmulatorBinaryEnv(CACHE), ...recording, TMPDIR: cliTemp };

  const services: Service[] = [];
  const stripe = await startStripeLocal({ port: PORTS.stripe, host: HOST });
  const webFixture = await startWebFixture(PORTS.webFixture, HOST);
  let stopping: Promise<void> | null = null;
  const stopAll = () =>
    (stopping ??= (async () => {
      log("stopping…");
      await Promise.all(services.map((s) => stopService(s.child, 30_000)));
      killStrayEmulators();
      await stripe.close();
      await webFixture.close();
    })());

  const mailDir = join(SLOT_DIR, "mail");
  emptyMailFolder(mailDir);

  try {
    services.push(
      startService(
        "maildev",
        join(BIN, "maildev"),
        mailCatcherArgs({ host: HOST, smtpPort: PORTS.smtp, webPort: PORTS.inbox, mailDir }),
        process.env,
        false,
      ),
    );
    log("starting the Firebase emulators…");
    // firebase.json's headers with the Auth emulator allowed in the app's Content-Security-Policy
    const localConfig = writeLocalFirebaseConfig(ROOT, SUITE_SLOT, { ports: PORTS, functionsSource: functions.source });
    const emulators = startService(
      "emulators",
      join(BIN, "firebase"),
      [
        "emulators:start",
        "--project",
        PROJECT_ID,
        "--config",
        localConfig,
        "--only",
        "auth,firestore,functions,hosting,pubsub",
        // an export to start from (npm run backup:drill restores one)
        ...(process.env.SUITE_IMPORT ? ["--import", process.env.SUITE_IMPORT] : []),
      ],
      emulatorEnv,
      mode === "start",
    );
    services.push(emulators);
    await waitFor("inbox", async () => (await fetch(`${URLS.inbox}/api/healthz`)).ok, 30_000, services);
    // Ready when the API answers through Hosting: every emulator and the functions are loaded.
    await waitFor("emulators", async () => (await callRoute("getSession", { baseUrl: URLS.app })).status === 200, 180_000, services);

    if (mode === "start") {
      await runOrFail(join(BIN, "tsx"), [join(ROOT, DEMO_SEED_SCRIPT)], { ...process.env, ...EXEC_ENV });
      banner();
      await new Promise<void>((done) => {
        process.once("SIGINT", done);
        process.once("SIGTERM", done);
        emulators.child.once("exit", done);
      });
      await stopAll();
      return 0;
    }

    log(`running: ${command.join(" ")}`);
    const [cmd, ...args] = command as [string, ...string[]];
    const status = await run(cmd, args, { ...process.env, ...EXEC_ENV, ...recording });
    await stopAll();
    if (status !== 0) printServiceTrouble();
    return status;
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/**
 * After a failed command, the last warnings and errors the services logged: a test sees only the
 * status it was answered (a 503), the reason is in the functions' log, and CI keeps only the output.
 */
function printServiceTrouble() {
  const trouble = /"severity":"(?:WARNING|ERROR|CRITICAL)"|⚠\s+functions:|\bError\b/;
  for (const name of ["emulators", "maildev"]) {
    const lines = lastLines(join(LOGS, `${name}.log`), 2_000_000).filter((line) => trouble.test(line));
    if (lines.length === 0) continue;
    log(`the last warnings and errors in ${SUITE_LOGS}/${name}.log:`);
    for (const line of lines.slice(-15)) process.stderr.write(`  ${line.slice(0, 400)}\n`);
  }
}

/** The whole lines in a file's last `bytes` bytes (a suite's log grows to many megabytes). */
function lastLines(path: string, bytes: number): string[] {
  if (!existsSync(path)) return [];
  const fd = openSync(path, "r");
  try {
    const size = fstatSync(fd).size;
    const start = Math.max(0, size - bytes);
    const buffer = Buffer.alloc(size - start);
    readSync(fd, buffer, 0, buffer.length, start);
    const lines = buffer.toString("utf8").split("\n");
    return start > 0 ? lines.slice(1) : lines;
  } finally {
    closeSync(fd);
  }
}

main().then(
  (status) => process.exit(status),
  (err: unknown) => {
    log(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
