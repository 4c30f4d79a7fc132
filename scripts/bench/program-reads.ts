/**
 * npm run bench:reads – what the program lists read at a real community's size.
 *
 * Runs inside the local suite (npm run exec). Seeds 100 programs (50 shared on the open page), 2,000
 * members (200 of them lapsed) and 10,000 links (5 per member, 90% approved), then calls, through
 * the real app served in-process against the Firestore emulator:
 *   GET /api/public/programs (anyone), GET /api/programs and GET /api/user/links (a member).
 * For each: documents read per request (as Firestore bills them, read-counter.ts; the most of 5
 * calls, which for the open list is its first: the later ones answer from the instance's copy) and
 * the median latency of 5 calls. The same calls are measured in the same run against the app as it was at
 * BASELINE (default: the commit before the counts were kept), checked out into .cache and run in a
 * child process on the same data. Prints a table; asserts nothing.
 *
 * Then the open list behind cache-busting requests: with 200 programs shared (150 more are added),
 * 1,000 requests to /programs, each with a query string and a `__session` cookie of its own (the CDN
 * would pass each to the function), one at a time (the Functions emulator serves concurrent requests
 * in workers of their own, so concurrency would measure that, not an instance), through the `pages`
 * function's real handler served in-process (the web build's renderer and templates in
 * functions/pages/). Documents read per request with the instance's open-list cache switched off
 * (period 0: what every request read before the cache) and on (as deployed), in the same run.
 */
import "../lib/require-node-major"; // first: stops at once on a Node of another major
import { execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import express from "express";
import { pathToFileURL } from "node:url";
import { API } from "@hub/contract/routes";
import { utcDay } from "@hub/contract/dates";
import { routePath } from "../../testing/http";
import { countReads } from "./read-counter";
import type * as ToolkitModule from "../../functions/src/toolkit";
import type * as InProcessModule from "../../testing/in-process-app";

const ROOT = resolve(__dirname, "../..");
const BASELINE = process.env.BASELINE ?? "3704fae";
const PROGRAMS = 100;
const MEMBERS = 2_000;
const LINKS_PER_MEMBER = 5;
const MEMBER_EMAIL = "member-00007@example.com";
const CALLS = 5;
/** The open list behind cache-busting requests: programs shared, requests made one after the other. */
const SHARED_FOR_PAGES = 200;
/** Programs added for it, shared: the first PROGRAMS have PROGRAMS / 2 shared. */
const EXTRA_SHARED = SHARED_FOR_PAGES - PROGRAMS / 2;
const PAGE_REQUESTS = 1_000;

interface Row {
  endpoint: string;
  reads: number;
  medianMs: number;
  answer: number;
}
type Toolkit = typeof ToolkitModule;
type InProcess = typeof InProcessModule;

const pad = (i: number) => String(i).padStart(5, "0");
/** The three calls, named as the table prints them: "GET /api/public/programs". */
const MEASURED = ["listPublicPrograms", "listPrograms", "listOwnLinks"] as const;
const endpointOf = (name: (typeof MEASURED)[number]) => `${API[name].method} ${routePath(name)}`;

/**
 * Programs numbered `from` to `from + count - 1`, approved (so with a slug), shared on the open page
 * when `shared` says so, through the app's own writers; their ids in that order.
 */
async function createPrograms(toolkit: Toolkit, from: number, count: number, shared: (p: number) => boolean): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 10) {
    const made = await Promise.all(
      Array.from({ length: Math.min(10, count - i) }, async (_, k) => {
        const p = from + i + k;
        const program = {
          name: `Program ${pad(p)}`,
          description: `Offer ${String(p)}`,
          fallbackUrl: null,
          approved: true,
          proposedBy: null,
        };
        const { id } = await toolkit.createProgram(program);
        if (shared(p)) await toolkit.updateProgram(id, { isSharedOnSite: true });
        return id;
      }),
    );
    ids.push(...made);
  }
  return ids;
}

/** The programs' counts, counted from their links once (what the app keeps from then on). */
async function countPrograms(toolkit: Toolkit, ids: string[]) {
  for (let i = 0; i < ids.length; i += 10)
    await Promise.all(ids.slice(i, i + 10).map((id) => toolkit.recountProgramLinks(id, utcDay(new Date()))));
}

async function seed(toolkit: Toolkit) {
  const lapsed = (m: number) => m % 10 === 9;
  const programIds = await createPrograms(toolkit, 0, PROGRAMS, (p) => p % 2 === 0);
  const members = Array.from({ length: MEMBERS }, (_, m) => ({ m, email: `member-${pad(m)}@example.com` }));
  await toolkit.importUsers(
    members.map(({ m, email }) => ({
      uid: `uid-${pad(m)}`,
      email,
      displayName: `Member ${String(m)}`,
      isAdmin: false,
      approved: true,
      createdByAdmin: false,
      subscription: { stripeCustomerId: null, stripeSubscriptionId: null, subscriptionStatus: lapsed(m) ? "canceled" : "active" },
    })),
  );
  await toolkit.importLinks(
    members.flatMap(({ m, email }) =>
      Array.from({ length: LINKS_PER_MEMBER }, (_, k) => {
        const programId = programIds[(m * 7 + k * 20) % PROGRAMS]!;
        return {
          programId,
          name: `Member ${String(m)}`,
          email,
          link: `https://refer.example.com/${programId}/${String(m)}`,
          description: "Bonus",
          approved: (m + k) % 10 !== 0,
        };
      }),
    ),
  );
  // the counts and each link's owner standing, as the app keeps them: counted from the links once
  await countPrograms(toolkit, programIds);
}

/** Measures the three calls against the app in `appRoot` (this checkout or the baseline's); prints JSON rows. */
async function measure(appRoot: string): Promise<Row[]> {
  const toolkit = (await import(pathToFileURL(join(appRoot, "functions/src/toolkit.ts")).href)) as Toolkit;
  const inProcess = (await import(pathToFileURL(join(appRoot, "testing/in-process-app.ts")).href)) as InProcess;
  const counter = countReads(toolkit.db());
  const app = await inProcess.serveInProcess(inProcess.productionLikeDeps(process.env.STRIPE_URL!));
  const member = await memberIdToken(toolkit);
  const rows: Row[] = [];
  for (const name of MEASURED) {
    const endpoint = endpointOf(name);
    const idToken = API[name].access === "public" ? null : member;
    const times: number[] = [];
    let reads = 0;
    let answer = 0;
    for (let i = 0; i < CALLS; i++) {
      counter.reset();
      const started = performance.now();
      const res = await fetch(`${app.url}${routePath(name)}`, { headers: idToken ? { authorization: `Bearer ${idToken}` } : {} });
      const body = (await res.json()) as unknown[];
      times.push(performance.now() - started);
      if (!res.ok) throw new Error(`${endpoint}: ${String(res.status)} ${JSON.stringify(body)}`);
      // the most of the calls: the open list reads on the first only, then answers from its instance's copy
      reads = Math.max(reads, counter.read());
      answer = body.length;
    }
    rows.push({ endpoint, reads, medianMs: times.sort((a, b) => a - b)[Math.floor(CALLS / 2)]!, answer });
  }
  await app.close();
  return rows;
}

/** Adds shared programs (no links) until SHARED_FOR_PAGES are shared; their counts kept as the app keeps them. */
async function seedSharedPrograms(toolkit: Toolkit) {
  await countPrograms(toolkit, await createPrograms(toolkit, PROGRAMS, EXTRA_SHARED, () => true));
}

interface PagesRow {
  cache: string;
  readsPerRequest: number;
  medianMs: number;
  totalS: number;
}

/** The `pages` handler with this open list, served in-process; close() when done. */
async function servePages(toolkit: Toolkit, openList: InstanceType<Toolkit["OpenList"]>) {
  const handler = toolkit.pageHandler({ pagesDir: join(ROOT, "functions", "pages"), openList });
  const app = express();
  app.use((req, res) => void handler(req, res));
  const server = createServer(app);
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  return {
    url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/programs`,
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}

/**
 * PAGE_REQUESTS cache-busting requests to /programs, one at a time, through the `pages` handler served
 * in-process: with the open list read on every request (period 0) and kept as deployed, each counted
 * from a new instance's first request (its first read included).
 */
async function measurePages(): Promise<PagesRow[]> {
  const toolkit = (await import("../../functions/src/toolkit")) as Toolkit;
  const counter = countReads(toolkit.db());
  const deps = { appOrigin: "https://hub.example.com", now: () => new Date() };
  // the renderer's modules loaded and warm before either is timed
  const warm = await servePages(toolkit, new toolkit.OpenList(deps, 0));
  for (let i = 0; i < 20; i++) await (await fetch(`${warm.url}?warm-up-${String(i)}`)).arrayBuffer();
  await warm.close();
  const rows: PagesRow[] = [];
  for (const [cache, ttlMs] of [
    ["off (read on every request)", 0],
    [`on (${String(toolkit.OPEN_LIST_TTL_MS / 1000)} s per instance)`, toolkit.OPEN_LIST_TTL_MS],
  ] as const) {
    const pages = await servePages(toolkit, new toolkit.OpenList(deps, ttlMs));
    const times: number[] = [];
    counter.reset();
    const started = performance.now();
    for (let i = 0; i < PAGE_REQUESTS; i++) {
      const t = performance.now();
      const res = await fetch(`${pages.url}?${randomUUID()}`, {
        headers: { cookie: `__session=${randomUUID()}`, "accept-encoding": "gzip" },
      });
      const html = await res.text();
      times.push(performance.now() - t);
      if (!res.ok) throw new Error(`/programs: ${String(res.status)}`);
      // rendered with every shared program (a failed read or render would still answer 200)
      if (i === 0 && !(html.includes(`Program ${pad(0)}`) && html.includes(`Program ${pad(PROGRAMS + EXTRA_SHARED - 1)}`)))
        throw new Error(`/programs did not list the ${String(SHARED_FOR_PAGES)} shared programs`);
    }
    const totalS = (performance.now() - started) / 1000;
    const readsPerRequest = counter.read() / PAGE_REQUESTS;
    times.sort((a, b) => a - b);
    rows.push({ cache, readsPerRequest, medianMs: times[Math.floor(PAGE_REQUESTS / 2)]!, totalS });
    await pages.close();
  }
  return rows;
}

function measurePagesInChild(): Promise<PagesRow[]> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ["--import", "tsx", __filename, "--measure-pages"], {
      cwd: ROOT,
      // the community the page names (its parameters, as a deploy's .env gives them)
      env: {
        ...process.env,
        COMMUNITY_NAME: "Points Collective",
        COMMUNITY_JOIN_URL: "https://points.example.org/join",
        COMMUNITY_SUPPORT_EMAIL: "help@points.example.org",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("exit", (code) =>
      code === 0 ? done(JSON.parse(out.trim().split("\n").pop()!) as PagesRow[]) : fail(new Error(`pages measure exited ${String(code)}`)),
    );
  });
}

/** A signed-in member, as the app's e-mail sign-in makes them (a custom token traded for an ID token). */
async function memberIdToken(toolkit: Toolkit): Promise<string> {
  const uid = "uid-00007";
  await toolkit
    .auth()
    .createUser({ uid, email: MEMBER_EMAIL })
    .catch(() => undefined);
  const customToken = await toolkit.auth().createCustomToken(uid);
  const res = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST!}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: customToken, returnSecureToken: true }),
    },
  );
  return ((await res.json()) as { idToken: string }).idToken;
}

/** The app at BASELINE, checked out beside this one, sharing its installed packages. */
function baselineCheckout(): string {
  const dir = join(ROOT, ".cache", "bench-baseline");
  if (existsSync(dir)) execFileSync("git", ["worktree", "remove", "--force", dir], { cwd: ROOT, stdio: "ignore" });
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(ROOT, ".cache"), { recursive: true });
  execFileSync("git", ["worktree", "add", "--detach", dir, BASELINE], { cwd: ROOT, stdio: "ignore" });
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  if (existsSync(join(ROOT, "functions/node_modules")))
    symlinkSync(join(ROOT, "functions/node_modules"), join(dir, "functions/node_modules"));
  return dir;
}

function measureInChild(appRoot: string): Promise<Row[]> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ["--import", "tsx", __filename, "--measure", appRoot], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("exit", (code) =>
      code === 0 ? done(JSON.parse(out.trim().split("\n").pop()!) as Row[]) : fail(new Error(`baseline measure exited ${String(code)}`)),
    );
  });
}

async function main() {
  if (process.argv[2] === "--measure") {
    process.stdout.write(`${JSON.stringify(await measure(process.argv[3]!))}\n`);
    process.exit(0);
  }
  if (process.argv[2] === "--measure-pages") {
    process.stdout.write(`${JSON.stringify(await measurePages())}\n`);
    process.exit(0);
  }
  const toolkit = (await import("../../functions/src/toolkit")) as Toolkit;
  const emptied = await fetch(
    `http://${process.env.FIRESTORE_EMULATOR_HOST!}/emulator/v1/projects/${process.env.GCLOUD_PROJECT!}/databases/(default)/documents`,
    { method: "DELETE" },
  );
  if (!emptied.ok) throw new Error("could not empty the Firestore emulator");
  console.log(`Seeding ${String(PROGRAMS)} programs, ${String(MEMBERS)} members, ${String(MEMBERS * LINKS_PER_MEMBER)} links…`);
  await seed(toolkit);
  const dir = baselineCheckout();
  let before: Row[];
  try {
    before = await measureInChild(dir);
  } finally {
    execFileSync("git", ["worktree", "remove", "--force", dir], { cwd: ROOT, stdio: "ignore" });
  }
  const after = await measureInChild(ROOT);
  const goals: Record<string, string> = {
    [endpointOf("listPublicPrograms")]: `≤ ${String(after[0]!.answer)} (1 per listed program)`,
    [endpointOf("listPrograms")]: "—",
    [endpointOf("listOwnLinks")]: `≤ ${String(after[2]!.answer + LINKS_PER_MEMBER)} (own links + their programs)`,
  };
  console.log(`\nDocuments read per request and median latency of ${String(CALLS)} calls (in-process app, Firestore emulator):`);
  console.log(`before = ${BASELINE}, after = this checkout\n`);
  console.log("| endpoint | items | reads before | reads after | goal (reads) | ms before | ms after |");
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  after.forEach((row, i) => {
    const old = before[i]!;
    console.log(
      `| ${row.endpoint} | ${String(row.answer)} | ${String(old.reads)} | ${String(row.reads)} | ${goals[row.endpoint]!} | ${old.medianMs.toFixed(0)} | ${row.medianMs.toFixed(0)} |`,
    );
  });

  console.log(`\nAdding programs: ${String(SHARED_FOR_PAGES)} shared on the open page…`);
  await seedSharedPrograms(toolkit);
  const pages = await measurePagesInChild();
  console.log(
    `\nGET /programs?<random> with a random __session cookie: ${String(PAGE_REQUESTS)} requests one at a time, ${String(SHARED_FOR_PAGES)} shared programs (the pages handler in-process, Firestore emulator):\n`,
  );
  console.log("| open-list cache | documents read per request | median ms | total s |");
  console.log("| --- | --- | --- | --- |");
  for (const row of pages)
    console.log(`| ${row.cache} | ${row.readsPerRequest.toFixed(2)} | ${row.medianMs.toFixed(0)} | ${row.totalS.toFixed(1)} |`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
