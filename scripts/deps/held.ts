/**
 * The dependencies kept a major behind on purpose, each with the command that shows why today.
 * `npm run deps:held` (scripts/deps-held.ts) runs every check and fails once a reason no longer
 * holds, or when `npm outdated` shows a major behind that has no row here. docs/deploy.md's table
 * is written from this list (the same command checks it).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { satisfies } from "semver";

const ROOT = resolve(__dirname, "../..");

export interface HeldPackage {
  name: string;
  /** Where it is declared: "root", "functions" or "web". */
  in: "root" | "functions" | "web";
  keptAt: string;
  why: string;
  /** How deps:held shows that `why` still holds. */
  checkedBy: string;
  unblocks: string;
  /** Null while the reason holds; otherwise what has changed. */
  check(): string | null;
}

const npmView = (spec: string, field: string): unknown => {
  const out = execFileSync("npm", ["view", spec, field, "--json"], { cwd: ROOT, encoding: "utf8" }).trim();
  return out ? (JSON.parse(out) as unknown) : undefined;
};

/** The newest version of `name` in the registry. */
const latest = (name: string) => String(npmView(name, "version"));

const javaMajor = (): number => {
  const run = spawnSync("java", ["-version"], { encoding: "utf8" });
  const match = /version "(\d+)/.exec(`${run.stderr}${run.stdout}`);
  return match ? Number(match[1]) : 0;
};

const debianCandidate = (pkg: string): string | null => {
  const run = spawnSync("apt-cache", ["policy", pkg], { encoding: "utf8" });
  const candidate = /Candidate: (\S+)/.exec(run.stdout)?.[1];
  return candidate && candidate !== "(none)" ? candidate : null;
};

/** firebase-tools' own list of deploy runtimes (what `firebase deploy` accepts). */
const deployRuntimes = (): Record<string, { status: string }> =>
  (
    createRequire(resolve(ROOT, "package.json"))("firebase-tools/lib/deploy/functions/runtimes/supported/types.js") as {
      RUNTIMES: Record<string, { status: string }>;
    }
  ).RUNTIMES;

/** Null while firebase-tools deploys no newer Node major than the one pinned; else which it deploys. */
function newerNodeDeployed(): string | null {
  const next = `nodejs${latest("node").split(".")[0] ?? ""}`;
  return deployRuntimes()[next]?.status === "GA" ? `firebase-tools deploys ${next}` : null;
}

/** Null while `dependent`'s peer range for `name` leaves out name's newest version; else what it accepts. */
function peerTakesNewest(dependent: string, name: string): string | null {
  const peer = (npmView(dependent, "peerDependencies") as Record<string, string>)[name] ?? "";
  const newest = latest(name);
  return satisfies(newest, peer) ? `${dependent} accepts ${name} ${newest} (${peer})` : null;
}

export const HELD: HeldPackage[] = [
  {
    name: "firebase-tools",
    in: "root",
    keptAt: "14.27.0, pinned exactly",
    why: "15 refuses Java below 21 (the emulators need Java); these machines run Debian 12 (bookworm), whose newest Java is 17: no openjdk-21 package",
    checkedBy: "`java -version` below 21 and `apt-cache policy openjdk-21-jre-headless` without a candidate",
    unblocks: "Java 21 on the development and CI machines: Debian 13 (trixie) carries openjdk-21-jre-headless",
    check() {
      const java = javaMajor();
      if (java >= 21) return `java -version says ${String(java)}`;
      const candidate = debianCandidate("openjdk-21-jre-headless");
      return candidate ? `apt can install openjdk-21-jre-headless ${candidate}` : null;
    },
  },
  {
    name: "node",
    in: "root",
    keptAt: "24, pinned exactly",
    why: "the major production runs (`nodejs24`); a newer major is no Cloud Run functions runtime firebase-tools deploys",
    checkedBy: "firebase-tools' runtime list (`lib/deploy/functions/runtimes/supported/types.js`) has no GA `nodejs<next>`",
    unblocks: "a GA `nodejs` runtime of the newer major in firebase-tools, then `firebase.json`'s runtime",
    check: newerNodeDeployed,
  },
  {
    name: "@types/node",
    in: "root",
    keptAt: "24",
    why: "the types of the Node the functions and the local suite run (24)",
    checkedBy: "as `node` above",
    unblocks: "the move of `node` to the newer major",
    check: newerNodeDeployed,
  },
  {
    name: "firebase",
    in: "web",
    keptAt: "12",
    why: "`@firebase/rules-unit-testing` (the security-rules tests) accepts only firebase 12 (its peer range)",
    checkedBy: "`npm view @firebase/rules-unit-testing peerDependencies` does not admit the newest firebase",
    unblocks: "a `@firebase/rules-unit-testing` release whose peer range takes firebase 13",
    check: () => peerTakesNewest("@firebase/rules-unit-testing", "firebase"),
  },
  {
    name: "typescript",
    in: "root",
    keptAt: "6.0",
    why: "the lint (typescript-eslint) and two scripts (the query-index call sites, the OpenAPI writer) run on TypeScript's JavaScript API, which 7, the native compiler, does not have; typescript-eslint's peer range ends below 6.1. `npm run typecheck` runs 7 (`typescript-native`, an alias of typescript 7)",
    checkedBy: "`npm view typescript-eslint peerDependencies` does not admit the newest typescript",
    unblocks: "a typescript-eslint release that takes 7",
    check: () => peerTakesNewest("typescript-eslint", "typescript"),
  },
];

/** The table docs/deploy.md carries, written from HELD. */
export function heldTableMarkdown(): string {
  const cell = (text: string) => text.replaceAll("|", "\\|");
  return [
    "| package | kept at | why | checked by | what unblocks it |",
    "| --- | --- | --- | --- | --- |",
    ...HELD.map(
      (held) =>
        `| \`${held.name}\`${held.in === "root" ? "" : ` (${held.in})`} | ${cell(held.keptAt)} | ${cell(held.why)} | ${cell(held.checkedBy)} | ${cell(held.unblocks)} |`,
    ),
  ].join("\n");
}
