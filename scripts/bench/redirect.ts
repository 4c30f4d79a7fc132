/**
 * npm run bench:redirect – the rotation address under load, next to its floor.
 *
 * Runs inside the local suite (npm run exec). Seeds one program with 5 active links (even mode),
 * then measures with autocannon, in the same run and the same Functions emulator:
 * - floor: `benchFloor`, an emulator-only function that answers 302 and does nothing else;
 * - redirect: the rotation, every request a counted visit (a browser's User-Agent), so each one
 *   writes its click record and counters before answering.
 * - store: as many separate processes as there are clients, each recording visits one after another
 *   exactly as the rotation does, without any function in between: what the Firestore emulator
 *   allows when every visit is written before it is answered by a process of its own (the Functions
 *   emulator runs one request per worker process, so that is the rotation's situation here).
 * - one process: the same `redirect` handler served the way Cloud Run serves it, one Node process
 *   taking many requests at a time (the Functions Framework, which Cloud Run functions run on, with
 *   functions/lib), against the same Firestore emulator: what the emulator's one-request-per-worker
 *   model hides. Its visits are counted and checked like the others.
 * at 1, 8 and 32 concurrent clients, the functions called on their own URL. Prints requests per
 * second, p50/p99 latency, errors and the ratios to the floor and to the store, then checks that
 * every counted visit was recorded once. Asserts nothing: the figures go in the README.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { ensureAdmin } from "../../functions/src/toolkit";
import { HOST, PORTS, PROJECT_ID } from "../../testing/suite-config";
import { idTokenFromPassword, resetEmulators } from "../../testing/emulators";
import { BROWSER_UA, programWithLinks, storedCounts, warmUpUrl } from "../../testing/rotation";

const FUNCTIONS = `http://${HOST}:${String(PORTS.functions)}/${PROJECT_ID}/us-central1`;
/** Where the Functions Framework serves the handler (a port the suite does not use). */
const ONE_PROCESS_PORT = 8091;
const CLIENTS = [1, 8, 32];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

interface Row {
  target: string;
  clients: number;
  requests: number;
  "req/s": number;
  "p50 ms": number;
  "p99 ms": number;
  errors: number;
  "vs floor": string;
  "vs store": string;
}

/** `clients` processes recording visits for `seconds`, all starting together; visits per second. */
async function storeCeiling(clients: number, seconds: number): Promise<number> {
  const startAt = Date.now() + 5_000 + clients * 400; // after every process has started and connected
  const outputs = await Promise.all(
    Array.from(
      { length: clients },
      () =>
        new Promise<string>((done, fail) => {
          const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/visit-writer.ts"], {
            env: { ...process.env, START_AT: String(startAt), DURATION_MS: String(seconds * 1000) },
            stdio: ["ignore", "pipe", "inherit"],
          });
          let out = "";
          child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
          child.on("exit", (code) => (code === 0 ? done(out) : fail(new Error(`visit writer exited with ${String(code)}`))));
        }),
    ),
  );
  const writes = outputs.reduce((sum, out) => sum + (JSON.parse(out) as { writes: number }).writes, 0);
  return writes / seconds;
}

/** The functions' parameters for the local project, as the Functions emulator reads them. */
function suiteParams(): Record<string, string> {
  const text = readFileSync(path.join("functions", `.env.${PROJECT_ID}`), "utf8");
  return Object.fromEntries(
    text
      .split("\n")
      .map((line) => /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim()))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1]!, m[2]!.replace(/^"(.*)"$/, "$1")]),
  );
}

/** The `redirect` handler in one Node process, as Cloud Run runs it, answering once it is up. */
async function startOneProcess(): Promise<ChildProcess> {
  const main = path.join("node_modules", "@google-cloud", "functions-framework", "build", "src", "main.js");
  const child = spawn(process.execPath, [main, "--target=redirect", "--source=functions/lib", `--port=${String(ONE_PROCESS_PORT)}`], {
    // what a deploy gives the function: its parameters (the suite's .env file and the params' defaults)
    env: { ...process.env, ...suiteParams(), CLIENT_IP_HEADER: "x-forwarded-for", CLIENT_IP_TRUSTED_HOPS: "2", GCLOUD_PROJECT: PROJECT_ID, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let tries = 0; tries < 100; tries++) {
    const up = await fetch(`http://${HOST}:${String(ONE_PROCESS_PORT)}/`).then(() => true, () => false);
    if (up) return child;
    await new Promise((done) => setTimeout(done, 100));
  }
  child.kill();
  throw new Error("the Functions Framework did not start");
}

async function run(url: string, connections: number, duration: number) {
  const result = await autocannon({ url, connections, duration, headers: { "user-agent": BROWSER_UA }, timeout: 30 });
  const redirects = Number(result.statusCodeStats?.["302"]?.count ?? 0);
  return { result, redirects, errors: result.errors + result.timeouts + (result.requests.total - redirects) };
}

async function main() {
  await resetEmulators();
  await ensureAdmin("bench-admin@example.com", "bench-admin-password");
  const admin = await idTokenFromPassword("bench-admin@example.com", "bench-admin-password");
  const { programId } = await programWithLinks(admin, 5);
  const targets = { floor: `${FUNCTIONS}/benchFloor`, redirect: `${FUNCTIONS}/redirect/api/programs/${programId}/redirect` };
  const oneProcess = await startOneProcess();
  const oneProcessUrl = `http://${HOST}:${String(ONE_PROCESS_PORT)}/api/programs/${programId}/redirect`;

  // Warm: the emulator runs one request per worker process and starts a process for every concurrent
  // request. Under sustained load those cold starts pile up and time out, so the 32 workers each target
  // needs are started first with single bursts of growing width (previews: nothing counted).
  for (const url of Object.values(targets)) await warmUpUrl(url, Math.max(...CLIENTS));
  await warmUpUrl(oneProcessUrl, 1);
  const warm = await storedCounts(programId);

  const rows: Row[] = [];
  let countedRedirects = 0;
  for (const clients of CLIENTS) {
    const floor = await run(targets.floor, clients, SECONDS);
    const store = await storeCeiling(clients, SECONDS);
    const redirect = await run(targets.redirect, clients, SECONDS);
    const single = await run(oneProcessUrl, clients, SECONDS);
    countedRedirects += redirect.redirects + single.redirects;
    const floorRate = floor.result.requests.average;
    for (const [target, m] of [["floor", floor], ["redirect", redirect], ["one process", single]] as const) {
      rows.push({
        target,
        clients,
        requests: m.result.requests.total,
        "req/s": Math.round(m.result.requests.average),
        "p50 ms": m.result.latency.p50,
        "p99 ms": m.result.latency.p99,
        errors: m.errors,
        "vs floor": (m.result.requests.average / floorRate).toFixed(2),
        "vs store": (m.result.requests.average / store).toFixed(2),
      });
      if (target === "floor") {
        rows.push({ target: "store", clients, requests: Math.round(store * SECONDS), "req/s": Math.round(store), "p50 ms": NaN, "p99 ms": NaN, errors: 0, "vs floor": (store / floorRate).toFixed(2), "vs store": "1.00" });
      }
    }
  }
  console.table(rows);
  oneProcess.kill();

  // Visits cut off by the end of a run were answered to no one but may still be recorded: let them land.
  await new Promise((done) => setTimeout(done, 5_000));
  const stored = await storedCounts(programId);
  const clicks = stored.clickRecords - warm.clickRecords;
  const counted = stored.dayTotal - warm.dayTotal;
  console.log(
    `counted visits answered 302: ${String(countedRedirects)} (plus at most ${String(CLIENTS.reduce((a, b) => a + b, 0))} cut off when a run ended); ` +
      `click records: ${String(clicks)}; day counters: ${String(counted)} in ${String(stored.counterDocuments)} shard documents` +
      (clicks === counted && clicks >= countedRedirects ? " (records and counters equal)" : " (DIFFERENT)"),
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
