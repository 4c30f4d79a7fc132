/**
 * Imported first by every entry point: stops at once, naming the needed Node, when another major
 * runs it (node-major.ts says why). Nothing else may be imported before it.
 */
import { resolve } from "node:path";
import { configuredNodeMajor, nodeMajorProblem } from "./node-major";

const problem = nodeMajorProblem(process.versions.node, configuredNodeMajor(resolve(__dirname, "../..")), process.execPath);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
