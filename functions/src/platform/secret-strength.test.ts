import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { deploySecretProblems, MIN_SECRET_BYTES, weakSecrets } from "./secret-strength";

const ROOT = path.resolve(__dirname, "../../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const strong = "Vq3v0yI8mJ1cS0nXq9vGm5h8Kx2tR7dLw4pZbN6sEaU=";

/** Every value this repository publishes that a deploy might copy for a secret: refused, whatever its length. */
function publishedValues(): string[] {
  const values: string[] = [];
  for (const file of readdirSync(path.join(ROOT, "functions")).filter((f) => f.startsWith(".env"))) {
    for (const [, value] of read(`functions/${file}`).matchAll(/^[A-Z_]+=(.*)$/gm)) values.push(value!.replace(/^"(.*)"$/, "$1"));
  }
  for (const [, value] of read("testing/suite-config.ts").matchAll(/"([^"]+)"/g)) values.push(value!);
  for (const file of [
    "scripts/local-suite.ts",
    "README.md",
    "SECURITY.md",
    ...readdirSync(path.join(ROOT, "docs")).map((f) => `docs/${f}`),
  ]) {
    for (const [, value] of read(file).matchAll(/(?:ADMIN_SETUP_TOKEN|VISITOR_COOKIE_SECRET)\s*[=:]\s*["'`]?([^\s"'`$\\]+)/g))
      values.push(value!);
  }
  return values.filter((v) => v.length > 0);
}

describe("the deploy's secrets", () => {
  it("a random value of 32 bytes or more passes", () => {
    expect(weakSecrets({ ADMIN_SETUP_TOKEN: strong, VISITOR_COOKIE_SECRET: "x".repeat(MIN_SECRET_BYTES) })).toEqual([]);
  });

  it("an empty or short one is refused, by name and never by value", () => {
    const problems = weakSecrets({ ADMIN_SETUP_TOKEN: "", VISITOR_COOKIE_SECRET: "short-secret-31-bytes-long-xxxx" });
    expect(problems).toEqual(["ADMIN_SETUP_TOKEN is shorter than 32 bytes", "VISITOR_COOKIE_SECRET is shorter than 32 bytes"]);
    expect(problems.join(" ")).not.toContain("short-secret");
  });

  it("counts bytes, not characters", () => {
    expect(weakSecrets({ ADMIN_SETUP_TOKEN: "é".repeat(16) })).toEqual([]);
    expect(weakSecrets({ ADMIN_SETUP_TOKEN: "é".repeat(15) })).toEqual(["ADMIN_SETUP_TOKEN is shorter than 32 bytes"]);
  });

  it("every value published in this repository (the local suite's, the .env files', the docs') is refused", () => {
    const values = publishedValues();
    expect(values).toContain("local-suite-visitor-cookie-secret-not-for-deploys");
    for (const value of values) expect(weakSecrets({ VISITOR_COOKIE_SECRET: value }), value).toHaveLength(1);
    expect(weakSecrets({ ADMIN_SETUP_TOKEN: "local-suite-visitor-cookie-secret-not-for-deploys" })).toEqual([
      "ADMIN_SETUP_TOKEN is a value published in the project's repository",
    ]);
  });
});

describe("deploySecretProblems", () => {
  it("checks nothing in the emulator (no setup token there) and both secrets in a deploy", () => {
    expect(deploySecretProblems({ adminSetupToken: null, keyedHashSecret: "local" })).toEqual([]);
    expect(deploySecretProblems({ adminSetupToken: strong, keyedHashSecret: "local" })).toEqual([
      "VISITOR_COOKIE_SECRET is shorter than 32 bytes",
    ]);
  });
});
