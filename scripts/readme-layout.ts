/**
 * npm run lint's last step (`tsx scripts/readme-layout.ts`): the README's layout blocks are what
 * scripts/lib/code-layout.mjs and web/src/features say, and functions/src holds nothing the layout
 * does not name. `--write` writes the blocks.
 */
import "./lib/require-node-major"; // first: stops at once on a Node of another major
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { functionsBlock, layoutProblems, webFeaturesBlock, withBlocks } from "./readme-layout/layout-blocks";

const ROOT = resolve(__dirname, "..");
const README = resolve(ROOT, "README.md");
const entries = (dir: string) =>
  readdirSync(resolve(ROOT, dir), { withFileTypes: true }).map((e) => ({ name: e.name, isDirectory: e.isDirectory() }));

const problems = layoutProblems(entries("functions/src"));
const features = entries("web/src/features")
  .filter((e) => e.isDirectory)
  .map((e) => e.name);
const readme = readFileSync(README, "utf8");
const wanted = withBlocks(readme, [functionsBlock(), webFeaturesBlock(features)]);

if (process.argv.includes("--write")) {
  writeFileSync(README, wanted);
} else if (wanted !== readme) {
  problems.push("README.md's layout blocks are not what the code's layout says: run `npm run readme:layout`");
}
if (problems.length > 0) {
  process.stderr.write(`${problems.join("\n")}\n`);
  process.exit(1);
}
