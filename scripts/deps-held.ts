/**
 * npm run deps:held – the held-back table, executable.
 *
 * For each package kept a major behind (scripts/deps/held.ts) runs the check that shows its reason
 * still holds; then asks `npm outdated`, on the project's own Node (which `npm run` starts this on),
 * for every dependency behind by a major, and fails on one the table does not name; then checks that
 * docs/deploy.md's table says what the list says. Exits 1 on any of these, naming what to do.
 */
import "./lib/require-node-major"; // first: stops at once on a Node of another major
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { HELD, heldTableMarkdown } from "./deps/held";

const ROOT = resolve(__dirname, "..");

interface Outdated {
  current?: string;
  latest: string;
  dependent?: string;
}

/** `npm outdated --json`, run by the npm that started this script, on this script's Node. */
function outdated(): Record<string, Outdated | Outdated[]> {
  const npmCli = process.env.npm_execpath;
  const [command, args] = npmCli ? [process.execPath, [npmCli]] : ["npm", []];
  try {
    return JSON.parse(execFileSync(command, [...args, "outdated", "--json"], { cwd: ROOT, encoding: "utf8" }) || "{}") as Record<
      string,
      Outdated
    >;
  } catch (err) {
    // npm outdated exits 1 when anything is outdated; its answer is on stdout all the same
    const stdout = (err as { stdout?: string }).stdout;
    if (typeof stdout !== "string") throw err;
    return JSON.parse(stdout || "{}") as Record<string, Outdated>;
  }
}

const major = (version: string) => Number(/(\d+)/.exec(version)?.[1] ?? NaN);

const problems: string[] = [];
for (const held of HELD) {
  const changed = held.check();
  const line = `${held.name} (kept at ${held.keptAt}): ${held.why}`;
  if (changed) problems.push(`${held.name}: its reason no longer holds (${changed}); raise it, run npm test, and drop its row`);
  else console.log(`holds   ${line}\n        checked by ${held.checkedBy}`);
}

for (const [name, found] of Object.entries(outdated())) {
  for (const entry of Array.isArray(found) ? found : [found]) {
    if (!entry.current || major(entry.current) >= major(entry.latest)) continue;
    if (!HELD.some((held) => held.name === name)) {
      problems.push(
        `${name} ${entry.current} is a major behind ${entry.latest} and not in scripts/deps/held.ts: raise it, or add its reason there`,
      );
    }
  }
}

const deployGuide = readFileSync(resolve(ROOT, "docs/deploy.md"), "utf8");
if (!deployGuide.includes(heldTableMarkdown())) {
  problems.push(
    "docs/deploy.md's held-back table differs from scripts/deps/held.ts: paste the table below in its place\n\n" + heldTableMarkdown(),
  );
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`FAIL    ${problem}`);
  process.exit(1);
}
console.log(`deps:held: ${String(HELD.length)} held back, each for a reason that holds today; nothing else a major behind`);
