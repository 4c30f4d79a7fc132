/**
 * npm run bench:redirect – the rotation address under load, next to its floor.
 *
 * Runs inside the local suite (npm run exec). Seeds one program with 5 active links (even mode),
 * then measures with autocannon, in the same run and the same Functions emulator:
 * - floor: `benchFloor`, an emulator-only function that answers 302 and does nothing else;
 * - redirect: the rotation, every request a counted visit (a browser's User-Agent), so each one
 *   writes its click record and counters before answering.
 * at 1, 8 and 32 concurrent clients, both called on the function's own URL. Prints requests per
 * second, p50/p99 latency, errors and the ratio to the floor, then checks that every counted visit
 * was recorded once. Asserts nothing: the figures go in the README.
 */
import autocannon from "autocannon";
import { db } from "../../functions/src/data/db";
import { ensureAdmin } from "../lib/admin-account";
import { HOST, PORTS, PROJECT_ID } from "../lib/suite-config";
import { idTokenFromPassword, resetEmulators } from "../../functions/test/support/emulators";
import { BROWSER_UA, PREVIEW_UA, programWithLinks } from "../../functions/test/support/rotation";

const FUNCTIONS = `http://${HOST}:${String(PORTS.functions)}/${PROJECT_ID}/us-central1`;
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
}

async function run(url: string, connections: number, duration: number) {
  const result = await autocannon({ url, connections, duration, headers: { "user-agent": BROWSER_UA }, timeout: 30 });
  const redirects = Number(result.statusCodeStats?.["302"]?.count ?? 0);
  return { result, redirects, errors: result.errors + result.timeouts + (result.requests.total - redirects) };
}

async function warm(url: string, clients: number) {
  for (let width = 1; width <= clients; width *= 2) {
    for (let round = 0; round < 2; round++) {
      await Promise.all(Array.from({ length: width }, () => fetch(url, { redirect: "manual", headers: { "user-agent": PREVIEW_UA } }).then((r) => r.arrayBuffer(), () => undefined)));
    }
  }
}

async function main() {
  await resetEmulators();
  await ensureAdmin("bench-admin@example.com", "bench-admin-password");
  const admin = await idTokenFromPassword("bench-admin@example.com", "bench-admin-password");
  const { programId } = await programWithLinks(admin, 5);
  const targets = { floor: `${FUNCTIONS}/benchFloor`, redirect: `${FUNCTIONS}/redirect/api/programs/${programId}/redirect` };

  // Warm: the emulator runs one request per worker process and starts a process for every concurrent
  // request. Under sustained load those cold starts pile up and time out, so the 32 workers each target
  // needs are started first with single bursts of growing width (previews: nothing counted).
  for (const url of Object.values(targets)) await warm(url, Math.max(...CLIENTS));
  const warmClicks = (await db().collection("clicks").count().get()).data().count;

  const rows: Row[] = [];
  let countedRedirects = 0;
  for (const clients of CLIENTS) {
    const floor = await run(targets.floor, clients, SECONDS);
    const redirect = await run(targets.redirect, clients, SECONDS);
    countedRedirects += redirect.redirects;
    for (const [target, m] of [["floor", floor], ["redirect", redirect]] as const) {
      rows.push({
        target,
        clients,
        requests: m.result.requests.total,
        "req/s": Math.round(m.result.requests.average),
        "p50 ms": m.result.latency.p50,
        "p99 ms": m.result.latency.p99,
        errors: m.errors,
        "vs floor": target === "floor" ? "1.00" : (m.result.requests.average / floor.result.requests.average).toFixed(2),
      });
    }
  }
  console.table(rows);

  const clicks = (await db().collection("clicks").count().get()).data().count - warmClicks;
  console.log(`counted visits answered 302: ${String(countedRedirects)}; click records written: ${String(clicks)}${clicks === countedRedirects ? " (equal)" : " (DIFFERENT)"}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
