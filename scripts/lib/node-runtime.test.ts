import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { configuredRuntimes, runtimeMajor, runtimeVerdict } from "./node-runtime";

const ROOT = resolve(__dirname, "../..");
const readJson = <T>(path: string) => JSON.parse(readFileSync(resolve(ROOT, path), "utf8")) as T;
const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

const [runtime] = configuredRuntimes(readJson("firebase.json"));
const major = runtimeMajor(runtime!);

describe("the runtime production deploys on", () => {
  it("is still supported by Google today, and more than 30 days from its decommission", () => {
    const verdict = runtimeVerdict(runtime!, new Date());
    // From the deprecation date the suite says so in every run, while it still passes.
    if (verdict.level === "warn") console.warn(`WARNING: ${verdict.message}`);
    expect(verdict.level, verdict.message).not.toBe("fail");
  });

  it("is the runtime functions/package.json declares", () => {
    const functionsPackage = readJson<{ engines: { node: string } }>("functions/package.json");
    expect(functionsPackage.engines.node).toBe(String(major));
  });
});

describe("firebase-tools, the tool that deploys", () => {
  // Its own list of runtimes (lib/deploy/functions/runtimes/supported/types.js): a runtime it does
  // not list as GA is refused by `firebase deploy`, whatever Google's table says.
  // read as data: firebase-tools ships no types for it
  const RUNTIMES = createRequire(__filename)("firebase-tools/lib/deploy/functions/runtimes/supported/types.js").RUNTIMES as Record<
    string,
    { status: string; deprecationDate: string; decommissionDate: string }
  >;

  it("lists the configured runtime as generally available", () => {
    expect(RUNTIMES[runtime!]?.status).toBe("GA");
    expect(RUNTIMES.nodejs24?.status).toBe("GA");
  });

  it("dates nodejs24 as Google does (the table the runtime test reads)", () => {
    expect(RUNTIMES.nodejs24).toMatchObject({ deprecationDate: "2028-04-30", decommissionDate: "2028-10-31" });
  });
});

describe("runtimeVerdict", () => {
  it("fails a runtime already decommissioned (nodejs20 after 2026-10-30)", () => {
    const verdict = runtimeVerdict("nodejs20", day("2026-11-27"));
    expect(verdict.level).toBe("fail");
    expect(verdict.message).toContain("was decommissioned on 2026-10-30");
    expect(verdict.message).toContain("docs/deploy.md");
  });

  it("passes before the deprecation date, warns from it, fails 30 days before decommission", () => {
    expect(runtimeVerdict("nodejs22", day("2026-11-27")).level).toBe("ok");
    expect(runtimeVerdict("nodejs22", day("2027-04-29")).level).toBe("ok");
    expect(runtimeVerdict("nodejs22", day("2027-04-30")).level).toBe("warn");
    expect(runtimeVerdict("nodejs22", day("2027-09-30")).level).toBe("warn");
    const late = runtimeVerdict("nodejs22", day("2027-10-02"));
    expect(late.level).toBe("fail");
    expect(late.message).toContain("in 28 days");
  });

  it("gives nodejs24 Google's dates: warning from 2028-04-30, failing from 2028-10-01", () => {
    expect(runtimeVerdict("nodejs24", day("2026-12-02")).level).toBe("ok");
    expect(runtimeVerdict("nodejs24", day("2028-04-29")).level).toBe("ok");
    expect(runtimeVerdict("nodejs24", day("2028-04-30")).level).toBe("warn");
    expect(runtimeVerdict("nodejs24", day("2028-09-30")).level).toBe("warn");
    expect(runtimeVerdict("nodejs24", day("2028-10-02")).level).toBe("fail");
  });

  it("fails a runtime the table does not know", () => {
    expect(runtimeVerdict("nodejs99", day("2026-11-27")).level).toBe("fail");
  });
});
