import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseCsp } from "../../testing/csp";
import { localFirebaseConfig } from "./local-firebase-config";

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
