import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { functionsBlock, layoutProblems, webFeaturesBlock, withBlocks } from "./layout-blocks";

const ROOT = resolve(__dirname, "../..");
const entries = (dir: string) =>
  readdirSync(resolve(ROOT, dir), { withFileTypes: true }).map((e) => ({ name: e.name, isDirectory: e.isDirectory() }));
const features = () =>
  entries("web/src/features")
    .filter((e) => e.isDirectory)
    .map((e) => e.name);

describe("the README's layout", () => {
  it("names every folder and file of functions/src, and nothing else", () => {
    expect(layoutProblems(entries("functions/src"))).toEqual([]);
  });

  it("is what the layout and the web's features say (npm run lint checks it too)", () => {
    const readme = readFileSync(resolve(ROOT, "README.md"), "utf8");
    expect(withBlocks(readme, [functionsBlock(), webFeaturesBlock(features())])).toBe(readme);
  });

  it("fails for a capability folder added without a level, a root file without a line, and a folder gone", () => {
    const onDisk = entries("functions/src").filter((e) => e.name !== "visits");
    const problems = layoutProblems([...onDisk, { name: "payouts", isDirectory: true }, { name: "cron.ts", isDirectory: false }]);
    expect(problems).toEqual([
      "functions/src/payouts/ is on no level of CAPABILITY_LEVELS (scripts/lib/code-layout.mjs): give it one and a line",
      "functions/src/cron.ts has no line in FUNCTIONS_ROOT (scripts/lib/code-layout.mjs)",
      "functions/src/visits/ is in the layout but not on disk",
    ]);
  });

  it("changes when a web feature is added, so the committed README no longer passes", () => {
    const readme = readFileSync(resolve(ROOT, "README.md"), "utf8");
    const withPayouts = withBlocks(readme, [functionsBlock(), webFeaturesBlock([...features(), "payouts"])]);
    expect(withPayouts).not.toBe(readme);
    expect(withPayouts).toMatch(/^ {2}.*\bpayouts\b/m);
  });

  it("puts each block between its markers and refuses a README without them", () => {
    const block = { name: "x", text: "new <b> & text" };
    expect(withBlocks("a\n<!-- x:start -->\nold\n<!-- x:end -->\nb", [block])).toBe(
      "a\n<!-- x:start -->\nnew <b> & text\n<!-- x:end -->\nb",
    );
    expect(() => withBlocks("no markers", [block])).toThrow("README.md has no <!-- x:start -->");
  });
});
