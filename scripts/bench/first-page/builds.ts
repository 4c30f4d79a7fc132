/**
 * The builds the first-page bench measures: this checkout's (the local suite built it before the bench
 * started), and a baseline, the previous build, to measure beside it in the same run:
 *
 *   BENCH_BASELINE_REF=<git ref>   builds that commit here: its tree exported (git archive, no worktree
 *                                  registered) into a temporary folder, this checkout's node_modules
 *                                  hard-linked beside it, then its own `npm run build -w functions` and
 *                                  `npm run build -w web` with the suite's settings (WEB_BUILD_ENV): the
 *                                  web app, the `pages` function and the templates and renderer it
 *                                  serves / and /programs with. Kept by commit in the temporary folder,
 *                                  so a second run reuses it (about 5 s to build otherwise).
 *   BENCH_BASELINE_DIR=<folder>    a checkout already built that way (web/dist, functions/lib and, from
 *                                  the fifth round of issue 16 on, functions/pages).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { WEB_BUILD_ENV } from "../../../testing/suite-config";

export interface Build {
  /** How the tables name it. */
  label: string;
  /** A built checkout: web/dist, functions/lib, and functions/pages if it renders its pages on request. */
  root: string;
}

const ROOT = resolve(__dirname, "../../..");
/** Written last into a baseline's folder: a build that stopped half-way is built again. */
const BUILT_MARK = ".bench-built";
/** Where npm installs packages in this repository (the root and the workspaces that have their own). */
const NODE_MODULES = ["node_modules", "web/node_modules", "functions/node_modules", "contract/node_modules"];

const git = (...args: string[]) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();

export function currentBuild(): Build {
  return {
    label: `this build (${git("rev-parse", "--short", "HEAD")}${git("status", "--porcelain") ? ", with changes" : ""})`,
    root: ROOT,
  };
}

/** Whether a build renders / and /programs in its `pages` function (else Hosting served them as files). */
export function hasPagesFunction(build: Build): boolean {
  return existsSync(join(build.root, "functions", "pages", "home.html")) && existsSync(join(build.root, "functions", "lib", "index.js"));
}

/** The baseline asked for (BENCH_BASELINE_REF or BENCH_BASELINE_DIR), built if need be; none if neither is set. */
export function baselineBuild(): Build | undefined {
  const ref = process.env.BENCH_BASELINE_REF;
  const dir = process.env.BENCH_BASELINE_DIR;
  if (ref) return buildCommit(ref);
  if (!dir) return undefined;
  if (!existsSync(join(dir, "web", "dist"))) throw new Error(`BENCH_BASELINE_DIR=${dir} has no web/dist: build it first`);
  return { label: `baseline (${dir})`, root: resolve(dir) };
}

function buildCommit(ref: string): Build {
  const sha = git("rev-parse", "--verify", `${ref}^{commit}`);
  const label = `baseline (${sha.slice(0, 7)})`;
  const dir = join(tmpdir(), `hub-bench-baseline-${sha}`);
  if (existsSync(join(dir, BUILT_MARK))) {
    console.error(`[bench] ${label}: reusing its build in ${dir}`);
    return { label, root: dir };
  }
  console.error(`[bench] ${label}: building it in ${dir}…`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // the commit's files alone (no .git): nothing is registered in this repository
  const archive = `${dir}.tar`;
  git("archive", "--format=tar", "-o", archive, sha);
  execFileSync("tar", ["-xf", archive, "-C", dir]);
  rmSync(archive);
  // Hard links: a copy of the packages in seconds and no space. They are this checkout's: a commit whose
  // package-lock.json differs is built with packages it did not ask for, and the bench says so.
  for (const folder of NODE_MODULES) {
    if (existsSync(join(ROOT, folder)) && existsSync(join(dir, folder, "..")))
      execFileSync("cp", ["-al", join(ROOT, folder), join(dir, folder)]);
  }
  if (readFileSync(join(dir, "package-lock.json"), "utf8") !== readFileSync(join(ROOT, "package-lock.json"), "utf8")) {
    console.error(`[bench] ${label}: its package-lock.json differs from this checkout's; built with this checkout's packages`);
  }
  const npm = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
    execFileSync("npm", args, { cwd: dir, env, stdio: ["ignore", "ignore", "inherit"] });
  npm(["run", "build", "-w", "functions"]);
  npm(["run", "build", "-w", "web"], { ...process.env, ...WEB_BUILD_ENV });
  writeFileSync(join(dir, BUILT_MARK), `${sha}\n`);
  return { label, root: dir };
}
