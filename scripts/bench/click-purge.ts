/**
 * npm run bench:purge – deleting a link with BENCH_PURGE_RECORDS click records (50,000 by default),
 * against a baseline of 5,000 in the same run.
 *
 * Runs inside the local suite (npm run exec): the records are written straight into the store (as
 * years of visits would leave them), the link is deleted through the API, and the `purgeClicks` queue
 * of the Functions emulator deletes them in the background, slice after slice. Each slice logs its
 * pages and the memory of the worker that ran it (the emulator's output, .cache/logs/emulators.log).
 * Prints per size: the DELETE's answer time, how long until every record was gone, the slices and
 * their pages, the peak RSS and heap of the workers, and whether a slice came near the function's
 * 256 MiB (it must not: a slice holds one page of references whatever the count).
 */
import "../lib/require-node-major"; // first: stops at once on a Node of another major
import { existsSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { SUITE_LOGS } from "../../testing/suite-config";
import { ensureAdmin } from "../../functions/src/toolkit";
import { clickCount, purged, writeClicks } from "../../testing/click-purges";
import { idTokenFromPassword, resetEmulators } from "../../testing/emulators";
import { call } from "../../testing/http";
import { programWithLinks } from "../../testing/rotation";

const RECORDS = Number(process.env.BENCH_PURGE_RECORDS ?? 50_000);
const BASELINE = 5_000;
const KEPT = 300;
const FUNCTION_MEMORY = 256 * 1_048_576;
const ADMIN = { email: "bench-admin@example.com", password: "bench-admin-password" };
const EMULATOR_LOG = resolve(__dirname, "../../", SUITE_LOGS, "emulators.log");

interface SliceLog {
  purgeId: string;
  done: boolean;
  pages: number;
  deleted: number;
  peakRss: number;
  peakHeapUsed: number;
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const logSize = () => (existsSync(EMULATOR_LOG) ? statSync(EMULATOR_LOG).size : 0);

function sliceLogs(fromOffset: number): SliceLog[] {
  if (!existsSync(EMULATOR_LOG)) return [];
  return readFileSync(EMULATOR_LOG)
    .subarray(fromOffset)
    .toString("utf8")
    .split("\n")
    .filter((line) => line.includes('"click purge slice"'))
    .map((line) => JSON.parse(line.slice(line.indexOf("{"))) as SliceLog);
}

async function purgeOf(admin: string, records: number) {
  const { programId, links } = await programWithLinks(admin, 2);
  const [doomed, kept] = [links[0]!.id, links[1]!.id];
  let t = Date.now();
  await writeClicks(doomed, programId, records);
  await writeClicks(kept, programId, KEPT);
  const writeMs = Date.now() - t;

  const logFrom = logSize();
  t = Date.now();
  const res = await call("DELETE", `/api/links/${doomed}`, { idToken: admin });
  const answerMs = Date.now() - t;
  if (res.status !== 204) throw new Error(`DELETE answered ${String(res.status)}`);
  const left = await purged([doomed], 900_000);
  const purgeMs = Date.now() - t;
  const keptLeft = await clickCount([kept]);
  // the last slice's log line may come a moment after its writes
  let slices = sliceLogs(logFrom);
  for (let i = 0; i < 40 && !slices.some((s) => s.done); i++) {
    await new Promise((r) => setTimeout(r, 250));
    slices = sliceLogs(logFrom);
  }
  return { records, writeMs, answerMs, purgeMs, left, keptLeft, slices };
}

async function main() {
  await resetEmulators();
  await ensureAdmin(ADMIN.email, ADMIN.password);
  const admin = await idTokenFromPassword(ADMIN.email, ADMIN.password);
  process.stdout.write(`bench:purge — a link's click records deleted in the background (baseline ${String(BASELINE)} records)\n`);

  let failed = false;
  for (const records of [BASELINE, RECORDS]) {
    const run = await purgeOf(admin, records);
    const deleted = run.slices.reduce((n, s) => n + s.deleted, 0);
    const peakRss = Math.max(...run.slices.map((s) => s.peakRss));
    const peakHeap = Math.max(...run.slices.map((s) => s.peakHeapUsed));
    const right = run.left.clicks === 0 && run.left.pendingPurges === 0 && run.keptLeft === KEPT && deleted === records;
    failed ||= !right || peakRss >= FUNCTION_MEMORY;
    process.stdout.write(
      [
        `  ${records.toLocaleString("en-US")} records (written in ${seconds(run.writeMs)})`,
        `    DELETE answered in ${String(run.answerMs)} ms; every record gone ${seconds(run.purgeMs)} after it`,
        `    ${String(run.slices.length)} slices of ${run.slices.map((s) => s.pages).join("/")} pages, ${deleted.toLocaleString("en-US")} deleted; another link's ${String(run.keptLeft)} of ${String(KEPT)} kept`,
        `    worker peak RSS ${mb(peakRss)}, peak heap used ${mb(peakHeap)} (the function has ${mb(FUNCTION_MEMORY)})`,
        `    ${right ? "all deleted, nothing else" : "WRONG: records left or others deleted"}`,
      ].join("\n") + "\n",
    );
  }
  if (failed) process.exitCode = 1;
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
