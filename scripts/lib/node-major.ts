/**
 * Which Node major the project runs on, and what to say when another one runs it.
 *
 * The root devDependency `node` (pinned exactly) installs that Node into node_modules/.bin, so every
 * `npm run` script runs on it while the machine's own Node only starts npm. A script started some
 * other way (`node node_modules/.bin/tsx …`, an editor's runner, a shell without npm's PATH) would
 * run on the machine's Node and fail later in ways that do not name the cause; the entry points
 * check first instead (require-node-major.ts). Node built-ins only: this runs before anything else.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The major of the root devDependency `node` (e.g. "24.21.0" → 24). */
export function configuredNodeMajor(root: string): number {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { devDependencies?: Record<string, string> };
  const pinned = pkg.devDependencies?.node ?? "";
  const major = /^(\d+)\.\d+\.\d+$/.exec(pinned);
  if (!major) throw new Error(`package.json devDependencies.node must pin an exact version, not "${pinned}"`);
  return Number(major[1]);
}

/** Null when `running` (process.versions.node) is of the wanted major; otherwise what to tell the user. */
export function nodeMajorProblem(running: string, wanted: number, execPath: string): string | null {
  if (Number(running.split(".")[0]) === wanted) return null;
  return [
    `This project runs on Node ${wanted}, the major production deploys (firebase.json nodejs${wanted});`,
    `this is Node ${running} (${execPath}).`,
    `Run it through npm (npm start, npm run exec -- …, npm test): npm ci installs Node ${wanted} into`,
    `node_modules/.bin and npm's scripts use it. If they already do, run npm ci again.`,
  ].join("\n");
}
