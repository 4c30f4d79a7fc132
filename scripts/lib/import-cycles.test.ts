import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/** `npm run lint:cycles` (dependency-cruiser with .dependency-cruiser.cjs) on a folder of its own. */
const ROOT = resolve(__dirname, "../..");
const scratch = mkdtempSync(join(tmpdir(), "import-cycles-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function cruise(files: Record<string, string>) {
  const dir = mkdtempSync(join(scratch, "case-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { module: "esnext", moduleResolution: "bundler" } }));
  const run = spawnSync(
    resolve(ROOT, "node_modules/.bin/depcruise"),
    [dir, "--config", resolve(ROOT, ".dependency-cruiser.cjs"), "--ts-config", join(dir, "tsconfig.json")],
    { cwd: ROOT, encoding: "utf8" },
  );
  return { status: run.status, output: run.stdout + run.stderr };
}

describe("npm run lint's check of import circles", () => {
  it("refuses a circle made of type-only imports (the mail templates' one was)", () => {
    const { status, output } = cruise({
      "mailer.ts": 'import type { Mail } from "./notices";\nexport type Sent = Mail;\n',
      "notices.ts": 'import type { Sent } from "./mailer";\nexport interface Mail { to: string }\nexport type Back = Sent;\n',
    });
    expect(status).not.toBe(0);
    expect(output).toMatch(/no-circular: .*mailer\.ts/);
  });

  it("refuses a circle through a dynamic import and a longer way round", () => {
    const { status, output } = cruise({
      "a.ts": 'export const load = () => import("./b");\n',
      "b.ts": 'import { c } from "./c";\nexport const b = c;\n',
      "c.ts": 'import { load } from "./a";\nexport const c = load;\n',
    });
    expect(status).not.toBe(0);
    expect(output).toContain("no-circular");
  });

  it("lets imports that run one way through", () => {
    const { status, output } = cruise({
      "mailer.ts": 'import type { Mail } from "./outgoing";\nexport type Sent = Mail;\n',
      "notices.ts": 'import type { Mail } from "./outgoing";\nexport type Built = Mail;\n',
      "outgoing.ts": "export interface Mail { to: string }\n",
    });
    expect(output).toContain("no dependency violations found");
    expect(status).toBe(0);
  });
});
