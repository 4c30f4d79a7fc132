import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { configuredNodeMajor, nodeMajorProblem } from "./node-major";
import { configuredRuntimes, runtimeMajor } from "./node-runtime";

const ROOT = resolve(__dirname, "../..");
const readJson = <T>(path: string) => JSON.parse(readFileSync(resolve(ROOT, path), "utf8")) as T;
const scripts = readJson<{ scripts: Record<string, string> }>("package.json").scripts;
/** Every file an npm script starts with tsx: the project's entry points. */
const entryPoints = [
  ...new Set(Object.values(scripts).flatMap((command) => [...command.matchAll(/\btsx (scripts\/\S+\.ts)/g)].map((m) => m[1]!))),
];

describe("the Node the project runs on", () => {
  it("is the major production deploys, pinned exactly", () => {
    const [runtime] = configuredRuntimes(readJson("firebase.json"));
    expect(configuredNodeMajor(ROOT)).toBe(runtimeMajor(runtime!));
  });

  it("is the Node these tests run on", () => {
    expect(Number(process.versions.node.split(".")[0])).toBe(configuredNodeMajor(ROOT));
  });

  it("is checked first by every entry point", () => {
    expect(entryPoints.length).toBeGreaterThan(15);
    for (const file of entryPoints) {
      const firstImport = readFileSync(resolve(ROOT, file), "utf8").match(/^import .*$/m)?.[0];
      expect(firstImport, file).toMatch(/^import "(\.\/|\.\.\/)+(lib\/)?require-node-major";/);
    }
  });
});

describe("nodeMajorProblem", () => {
  it("says nothing on the wanted major", () => {
    expect(nodeMajorProblem("24.0.0", 24, "/x/node")).toBeNull();
    expect(nodeMajorProblem("24.21.0", 24, "/x/node")).toBeNull();
  });

  it("names the needed major, the running one and how to run it right", () => {
    const problem = nodeMajorProblem("20.20.2", 24, "/usr/bin/node")!;
    expect(problem).toContain("runs on Node 24");
    expect(problem).toContain("this is Node 20.20.2 (/usr/bin/node)");
    expect(problem).toContain("npm ci");
    expect(nodeMajorProblem("240.1.0", 24, "/x/node")).not.toBeNull();
    expect(nodeMajorProblem("2.4.0", 24, "/x/node")).not.toBeNull();
  });
});

describe("an entry point started on another Node", () => {
  // The machine's own Node, when it is of another major (here: Debian's Node 20).
  const machineNode = ["/usr/bin/node", "/usr/local/bin/node"].find((path) => {
    const run = spawnSync(path, ["-p", "process.versions.node"], { encoding: "utf8" });
    return run.status === 0 && Number(run.stdout.split(".")[0]) !== configuredNodeMajor(ROOT);
  });

  it.skipIf(!machineNode)("stops at once with the message, before it starts anything", () => {
    const run = spawnSync(machineNode!, [resolve(ROOT, "node_modules/.bin/tsx"), "scripts/local-suite.ts", "exec", "--", "true"], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`This project runs on Node ${configuredNodeMajor(ROOT)}`);
    expect(run.stdout).toBe("");
  });

  it("runs on the project's Node through npm's PATH", () => {
    expect(execFileSync(resolve(ROOT, "node_modules/.bin/node"), ["-v"], { encoding: "utf8" })).toMatch(
      new RegExp(`^v${configuredNodeMajor(ROOT)}\\.`),
    );
  });
});
