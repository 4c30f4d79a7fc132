import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseCsp } from "../../testing/csp";
import { localFirebaseConfig, placedFirebaseConfig, type SuitePlacement } from "./local-firebase-config";

const config = JSON.parse(readFileSync(join(__dirname, "..", "..", "firebase.json"), "utf8")) as {
  hosting: { headers: { source: string; headers: { key: string; value: string }[] }[] };
};
const headersFor = (c: typeof config, source: string) =>
  Object.fromEntries(c.hosting.headers.find((rule) => rule.source === source)!.headers.map((h) => [h.key, h.value]));

describe("the production hosting headers", () => {
  const csp = parseCsp(headersFor(config, "**")["Content-Security-Policy"]!);

  it("let pages load code only from the app's own origin and talk only to it and Firebase Auth", () => {
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(csp.get("connect-src")).toEqual(["'self'", "https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("frame-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
  });

  it("forbid framing and sniffing", () => {
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(headersFor(config, "**")).toMatchObject({ "X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY" });
  });

  it("send no referrer from the e-mail login page, whose address carries the login token (a later rule wins)", () => {
    const sources = config.hosting.headers.map((rule) => rule.source);
    expect(sources.indexOf("/email-login")).toBeGreaterThan(sources.indexOf("**"));
    expect(headersFor(config, "/email-login")).toEqual({ "Referrer-Policy": "no-referrer" });
  });
});

describe("the local suite's copy", () => {
  it("differs only by letting the browser reach the Auth emulator", () => {
    const local = localFirebaseConfig(config, "http://127.0.0.1:9099");
    const localCsp = parseCsp(headersFor(local, "**")["Content-Security-Policy"]!);
    const prodCsp = parseCsp(headersFor(config, "**")["Content-Security-Policy"]!);
    expect(localCsp.get("connect-src")).toEqual([...prodCsp.get("connect-src")!, "http://127.0.0.1:9099"]);
    localCsp.delete("connect-src");
    prodCsp.delete("connect-src");
    expect(localCsp).toEqual(prodCsp);
    // the answers that load nothing (the API's, the rotation's) get nothing to connect to
    for (const source of ["/api/**", "/r/*"]) expect(headersFor(local, source)).toEqual(headersFor(config, source));
    // everything else, rewrites and all, is the same
    const strip = (c: typeof config) => ({ ...c, hosting: { ...c.hosting, headers: c.hosting.headers.map((rule) => rule.source) } });
    expect(strip(local)).toEqual(strip(config));
  });
});

describe("local suites side by side (npm test runs two; up to four)", () => {
  const portsOf = (slot: number) =>
    JSON.parse(
      execFileSync(
        process.execPath,
        ["--import", "tsx", "-e", 'process.stdout.write(JSON.stringify(require("./testing/suite-config.ts").PORTS))'],
        {
          cwd: join(__dirname, "..", ".."),
          env: { ...process.env, SUITE_SLOT: String(slot) },
          encoding: "utf8",
        },
      ),
    ) as Record<string, number>;

  it("share no port, and use none that fetch() or a browser refuses", () => {
    const slots = [0, 1, 2, 3].map(portsOf);
    expect(slots[0]!.hosting).toBe(5000);
    const all = slots.flatMap((ports) => Object.values(ports));
    expect(new Set(all).size).toBe(all.length);
    // the rotation instances take the next few ports: none of them is another port either
    for (const ports of slots) for (let i = 1; i < 8; i++) expect(all).not.toContain(ports.rotationInstances! + i);
    // the WHATWG fetch standard's bad ports (undici and Chromium refuse them)
    const bad = [1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080];
    for (const port of all) expect(bad).not.toContain(port);
  });

  it("the second's emulators listen on its own fixed ports, its functions load from its own folder", () => {
    const ports = portsOf(1);
    const placed = placedFirebaseConfig(config as typeof config & { functions: { source: string }[]; emulators: object }, {
      ports: ports as unknown as SuitePlacement["ports"],
      functionsSource: ".cache/suite-1/functions",
    });
    expect(placed.functions.map((f) => f.source)).toEqual([".cache/suite-1/functions"]);
    expect(placed.emulators).toMatchObject({
      hosting: { port: ports.hosting },
      firestore: { port: ports.firestore, websocketPort: ports.firestoreWebsocket },
      hub: { port: ports.hub },
      logging: { port: ports.logging },
    });
    expect(placed.hosting).toEqual(config.hosting);
  });
});
