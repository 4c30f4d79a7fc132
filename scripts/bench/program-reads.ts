/**
 * npm run bench:reads – what the program lists read at a real community's size.
 *
 * Runs inside the local suite (npm run exec). Seeds 100 programs (50 shared on the open page), 2,000
 * members (200 of them lapsed) and 10,000 links (5 per member, 90% approved), then calls, through
 * the real app served in-process against the Firestore emulator:
 *   GET /api/public/programs (anyone), GET /api/programs and GET /api/user/links (a member).
 * For each: documents read per request (as Firestore bills them, read-counter.ts) and the median
 * latency of 5 calls. The same calls are measured in the same run against the app as it was at
 * BASELINE (default: the commit before the counts were kept), checked out into .cache and run in a
 * child process on the same data. Prints a table; asserts nothing.
 */
// First: refuses to run on any Node but the one production runs.
import "../lib/require-runtime-node";
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { join, resolve } from "node:path";
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

async function seed(toolkit: Toolkit) {
  const { db } = toolkit;
  const writer = db().bulkWriter();
  const now = new Date();
  const lapsed = (m: number) => m % 10 === 9;
  for (let p = 0; p < PROGRAMS; p++) {
    void writer.set(
      db()
        .collection("programs")
        .doc(`program-${pad(p)}`),
      {
        name: `Program ${pad(p)}`,
        nameLower: `program ${pad(p)}`,
        description: `Offer ${String(p)}`,
        approved: true,
        proposedBy: null,
        distributionMode: "even",
        fallbackUrl: null,
        isSharedOnSite: p % 2 === 0,
        createdAt: now,
        updatedAt: now,
      },
    );
  }
  for (let m = 0; m < MEMBERS; m++) {
    const email = `member-${pad(m)}@example.com`;
    void writer.set(
      db()
        .collection("users")
        .doc(`uid-${pad(m)}`),
      {
        username: email,
        email,
        displayName: `Member ${String(m)}`,
        isAdmin: false,
        blocked: false,
        approved: true,
        createdByAdmin: false,
        notes: null,
        stripeCustomerId: null,
        stripeSubscriptionId: null,
        subscriptionStatus: lapsed(m) ? "canceled" : "active",
        subscriptionLastChecked: now,
        createdAt: now,
        updatedAt: now,
      },
    );
    for (let k = 0; k < LINKS_PER_MEMBER; k++) {
      const programId = `program-${pad((m * 7 + k * 20) % PROGRAMS)}`;
      void writer.set(db().collection("referral_links").doc(), {
        programId,
        name: `Member ${String(m)}`,
        email,
        link: `https://refer.example.com/${programId}/${String(m)}`,
        description: "Bonus",
        approved: (m + k) % 10 !== 0,
        paused: false,
        pausedByBlock: false,
        isDead: false,
        deadNote: null,
        ownerHeldBack: lapsed(m),
        visitCount: 0,
        testedOffer: null,
        testedAt: null,
        lastNotifiedAt: null,
        createdAt: now,
        submittedAt: now,
        updatedAt: now,
      });
    }
  }
  await writer.close();
  // the counts, as the app keeps them: counted from the links once
  for (let p = 0; p < PROGRAMS; p += 10)
    await Promise.all(Array.from({ length: 10 }, (_, i) => toolkit.recountProgramLinks(`program-${pad(p + i)}`, utcDay(new Date()))));
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
      reads = counter.read();
      answer = body.length;
    }
    rows.push({ endpoint, reads, medianMs: times.sort((a, b) => a - b)[Math.floor(CALLS / 2)]!, answer });
  }
  await app.close();
  return rows;
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
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
