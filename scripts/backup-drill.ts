/**
 * npm run backup:drill – the restore, tried: the demo data exported from one local suite, imported
 * into a fresh one, and every count and figure compared.
 *
 *   1. suite 2 (`npm run exec`): seeds the demo data as `npm start` does, takes the fingerprint
 *      below, and exports the emulators' data through the Emulator Suite's hub (as
 *      `firebase emulators:export` does): Firestore and Auth.
 *   2. suite 3, started with that export (SUITE_IMPORT: `firebase emulators:start --import`), takes
 *      the fingerprint again.
 *   3. compares: every collection's document count and a digest of its documents, the sign-in
 *      accounts, and the figures the API answers an admin (programs, links, the dashboard's totals).
 *
 * This is the local stand-in for production's restore (docs/deploy.md, *Data that can come back*):
 * there a backup or a point-in-time export is restored into a database; here an export is imported
 * into an emulator. Prints a table; exits 1 on any difference.
 */
import "./lib/require-node-major"; // first: stops at once on a Node of another major
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { runOrFail } from "./lib/run-command";
import type { DocumentReference, DocumentSnapshot } from "firebase-admin/firestore";

const ROOT = resolve(__dirname, "..");
const DRILL = join(ROOT, ".cache", "backup-drill");
const EXPORT = join(DRILL, "export");

interface Fingerprint {
  /** By collection path with document ids as `*` (e.g. programs/*\/terms_versions): count and digest. */
  collections: Record<string, { documents: number; digest: string }>;
  accounts: { count: number; digest: string };
  /** What the API answers an admin, as JSON. */
  figures: Record<string, string>;
}

const digest = (lines: string[]) => createHash("sha256").update(lines.sort().join("\n")).digest("hex").slice(0, 16);

/** A document's fields as text that is the same for the same data (keys sorted, timestamps exact). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === "object" && !Array.isArray(v)) {
      const maybe = v as { toDate?: unknown; seconds?: number; nanoseconds?: number; path?: string; firestore?: unknown };
      if (typeof maybe.toDate === "function") return `timestamp:${String(maybe.seconds)}.${String(maybe.nanoseconds).padStart(9, "0")}`;
      if (maybe.firestore && typeof maybe.path === "string") return `ref:${maybe.path}`;
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return v;
  });
}

let adminIdToken: Promise<string> | undefined;

async function fingerprint(): Promise<Fingerprint> {
  const { auth, db } = await import("../functions/src/toolkit");
  const { callRoute } = await import("../testing/http");
  const { idTokenFromPassword } = await import("../testing/emulators");
  const { DEMO, URLS } = await import("../testing/suite-config");

  const byGroup = new Map<string, string[]>();
  // every collection and sub-collection, breadth first (a queue, not recursion)
  const queue: { list: () => Promise<{ id: string; path: string; get: () => Promise<{ docs: DocumentSnapshot[] }> }[]> }[] = [
    { list: () => db().listCollections() },
  ];
  while (queue.length > 0) {
    for (const collection of await queue.shift()!.list()) {
      const group = collection.path.replace(/[^/]+\/([^/]+)/g, "*/$1").replace(/^\*\//, "");
      const lines = byGroup.get(group) ?? [];
      byGroup.set(group, lines);
      for (const doc of (await collection.get()).docs) {
        lines.push(`${doc.ref.path} ${canonical(doc.data())}`);
        const ref: DocumentReference = doc.ref;
        queue.push({ list: () => ref.listCollections() });
      }
    }
  }
  const collections = Object.fromEntries(
    [...byGroup].sort(([a], [b]) => (a < b ? -1 : 1)).map(([group, lines]) => [group, { documents: lines.length, digest: digest(lines) }]),
  );

  const accounts: string[] = [];
  let pageToken: string | undefined;
  do {
    const page = await auth().listUsers(1000, pageToken);
    for (const user of page.users) {
      accounts.push(
        canonical({
          uid: user.uid,
          email: user.email,
          disabled: user.disabled,
          claims: user.customClaims,
          providers: user.providerData.map((p) => p.providerId),
        }),
      );
    }
    pageToken = page.pageToken;
  } while (pageToken);

  // one sign-in for every read of a phase (settled() reads until the data stands still)
  const idToken = await (adminIdToken ??= idTokenFromPassword(DEMO.admin.email, DEMO.admin.password));
  const figures: Record<string, string> = {};
  for (const [name, answer] of [
    ["programs", await callRoute("listPrograms", { idToken })],
    ["links", await callRoute("listLinks", { idToken })],
    ["dashboard, all time", await callRoute("analyticsOverview", { idToken, query: { timeFilter: "all" } })],
  ] as const) {
    if (answer.status !== 200) throw new Error(`${name}: the API answered ${String(answer.status)}`);
    // each suite has its own port: the addresses the API builds differ by that only
    figures[name] = canonical(answer.body).replaceAll(URLS.app, "<the app>");
  }
  return { collections, accounts: { count: accounts.length, digest: digest(accounts) }, figures };
}

/**
 * The fingerprint once the data stands still: the seed leaves work on the queues (alert deliveries,
 * click windows) that goes on writing for a few seconds, and a drill compares a still copy, as a
 * backup is one moment's copy. Read every 2 s until two reads agree; fails if none do within a minute.
 */
async function settled(): Promise<Fingerprint> {
  let last = await fingerprint();
  for (let read = 0; read < 30; read++) {
    await new Promise((r) => setTimeout(r, 2_000));
    const now = await fingerprint();
    if (changedParts(last, now).length === 0) return now;
    last = now;
  }
  throw new Error(`the demo data was still changing after a minute: ${changedParts(last, await fingerprint()).join(", ")}`);
}

/** In suite 2: the demo data, its fingerprint, and the export. */
async function exportPhase() {
  const { DEMO_SEED_SCRIPT, PORTS, HOST } = await import("../testing/suite-config");
  await runOrFail(join(ROOT, "node_modules/.bin/tsx"), [join(ROOT, DEMO_SEED_SCRIPT)]);
  const before = await settled();
  writeFileSync(join(DRILL, "before.json"), JSON.stringify(before, null, 2));
  const answer = await fetch(`http://${HOST}:${String(PORTS.hub)}/_admin/export`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ path: EXPORT, initiatedBy: "backup-drill" }),
  });
  if (!answer.ok) throw new Error(`the export failed: ${String(answer.status)} ${await answer.text()}`);
  // nothing may have moved while it was taken (a queued task still at work would make the drill a guess)
  const moved = changedParts(before, await fingerprint());
  if (moved.length > 0) throw new Error(`the data changed while it was exported: ${moved.join(", ")}`);
}

/** Each part of a fingerprint, by name, as text: what the drill compares. */
function parts(print: Fingerprint): Map<string, { shown: string; value: string }> {
  const named = new Map<string, { shown: string; value: string }>();
  for (const [group, c] of Object.entries(print.collections)) named.set(group, { shown: String(c.documents), value: JSON.stringify(c) });
  named.set("sign-in accounts (Auth)", { shown: String(print.accounts.count), value: JSON.stringify(print.accounts) });
  for (const [name, text] of Object.entries(print.figures))
    named.set(`API: ${name}`, { shown: `${String(text.length)} chars`, value: text });
  return named;
}

type Parts = ReturnType<typeof parts>;
const differing = (before: Parts, after: Parts) =>
  [...new Set([...before.keys(), ...after.keys()])].filter((name) => before.get(name)?.value !== after.get(name)?.value);

/** The parts whose fingerprint differs between a and b. */
const changedParts = (a: Fingerprint, b: Fingerprint) => differing(parts(a), parts(b));

/** Prints the table of every part, exported beside restored; returns the parts that differ. */
function compare(exported: Fingerprint, restored: Fingerprint): string[] {
  const [before, after] = [parts(exported), parts(restored)];
  const differences = differing(before, after);
  console.log("\n| what | exported | restored | |\n| --- | --- | --- | --- |");
  for (const name of new Set([...before.keys(), ...after.keys()])) {
    const verdict = differences.includes(name) ? "DIFFERENT" : "same";
    console.log(`| ${name} | ${before.get(name)?.shown ?? "none"} | ${after.get(name)?.shown ?? "none"} | ${verdict} |`);
  }
  return differences;
}

async function main(): Promise<number> {
  const [phase] = process.argv.slice(2);
  if (phase === "export") {
    await exportPhase();
    return 0;
  }
  if (phase === "fingerprint") {
    writeFileSync(join(DRILL, "after.json"), JSON.stringify(await fingerprint(), null, 2));
    return 0;
  }
  rmSync(DRILL, { recursive: true, force: true });
  mkdirSync(DRILL, { recursive: true });
  const drill = join(ROOT, "scripts/backup-drill.ts");
  const inSuite = (slot: number, env: Record<string, string>, ...args: string[]) =>
    runOrFail("npm", ["run", "exec", "--", "tsx", drill, ...args], { ...process.env, SUITE_SLOT: String(slot), ...env });
  await inSuite(2, {}, "export");
  await inSuite(3, { SUITE_SKIP_BUILD: "1", SUITE_IMPORT: EXPORT }, "fingerprint");
  const read = (name: string) => JSON.parse(readFileSync(join(DRILL, name), "utf8")) as Fingerprint;
  const differences = compare(read("before.json"), read("after.json"));
  const total = Object.values(read("before.json").collections).reduce((sum, c) => sum + c.documents, 0);
  if (differences.length > 0) {
    console.error(`\nbackup:drill: the restored suite differs in ${differences.join(", ")}`);
    return 1;
  }
  console.log(
    `\nbackup:drill: ${String(total)} documents in ${String(Object.keys(read("before.json").collections).length)} collections, the accounts and the API's figures: the same after the restore`,
  );
  return 0;
}

main().then(
  (status) => process.exit(status),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
