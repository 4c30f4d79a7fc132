import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { NOTHING_CSP, NOTHING_HEADERS, PAGE_CSP, PAGE_HEADERS, pageHeaders, securityHeaders } from "./security-headers";

interface HostingConfig {
  hosting: {
    headers: { source: string; headers: { key: string; value: string }[] }[];
    rewrites: { source: string; function?: { functionId: string }; destination?: string }[];
  };
}
const config = JSON.parse(readFileSync(join(__dirname, "..", "..", "..", "..", "firebase.json"), "utf8")) as HostingConfig;

/** Hosting's glob: `*` is one path segment, `**` any number of them. */
const globToRegExp = (glob: string) =>
  new RegExp(
    `^${glob
      .split(/(\*\*|\*)/)
      .map((part) => (part === "**" ? ".*" : part === "*" ? "[^/]+" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
      .join("")}$`,
  );
/** The function Hosting sends a path to: the first rewrite that matches it. */
const servedBy = (path: string) => config.hosting.rewrites.find((rule) => globToRegExp(rule.source).test(path))?.function?.functionId;
/** The headers Hosting adds to a path's answer: every matching rule's, a later rule's value winning. Names in lower case. */
const hostingHeaders = (path: string): Record<string, string> =>
  Object.fromEntries(
    config.hosting.headers
      .filter((rule) => globToRegExp(rule.source).test(path))
      .flatMap((rule) => rule.headers.map((header) => [header.key.toLowerCase(), header.value])),
  );
const lowerCased = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
const directives = (csp: string) =>
  new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/) as [string, ...string[]])
      .map(([name, ...s]) => [name, s]),
  );

/** What the API's middleware sets on every answer. */
function apiHeaders(): Record<string, string> {
  const set: Record<string, string> = {};
  const res = { removeHeader: () => undefined, set: (headers: Record<string, string>) => Object.assign(set, headers) };
  securityHeaders({} as Request, res as unknown as Response, () => undefined);
  return set;
}

/** Each function's own headers, and paths Hosting sends it. */
const FUNCTIONS = [
  { functionId: "pages", headers: PAGE_HEADERS, paths: ["/", "/programs"] },
  { functionId: "api", headers: apiHeaders(), paths: ["/api/auth/session", "/api/public/programs", "/api/programs/prog123"] },
  { functionId: "redirect", headers: NOTHING_HEADERS, paths: ["/r/chase-sapphire-preferred", "/api/programs/prog123/redirect"] },
] as const;

const REQUIRED = [
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "cross-origin-opener-policy",
  "permissions-policy",
];

describe("the functions' own security headers", () => {
  it("are what Hosting adds to the same addresses in firebase.json, header for header", () => {
    for (const { functionId, headers, paths } of FUNCTIONS) {
      for (const path of paths) {
        expect(servedBy(path), path).toBe(functionId);
        const own = lowerCased(headers);
        const hosting = hostingHeaders(path);
        // every header Hosting adds, the function sets too, to the same value (whichever wins, the answer is the same)
        for (const [name, value] of Object.entries(hosting)) expect(own[name], `${path}: ${name}`).toBe(value);
        for (const name of REQUIRED) expect(own[name], `${path}: ${name}`).toBeDefined();
      }
    }
  });

  it("forbid framing and sniffing everywhere, and let the API's and the rotation's answers load nothing", () => {
    for (const { headers } of FUNCTIONS) {
      const own = lowerCased(headers);
      expect(own["x-frame-options"]).toBe("DENY");
      expect(own["x-content-type-options"]).toBe("nosniff");
      expect(own["cross-origin-opener-policy"]).toBe("same-origin");
      expect(directives(own["content-security-policy"]!).get("frame-ancestors")).toEqual(["'none'"]);
    }
    expect(NOTHING_CSP).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(apiHeaders()["Content-Security-Policy"]).toBe(NOTHING_CSP);
    expect(NOTHING_HEADERS["Referrer-Policy"]).toBe("no-referrer");
    expect(apiHeaders()["Cache-Control"]).toBe("no-store");
  });

  it("let the pages load their own scripts only, inline styles, and talk to Firebase Auth", () => {
    const csp = directives(PAGE_CSP);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(csp.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get("connect-src")).toEqual(["'self'", "https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    // the addresses Hosting serves from its own files (app.html) get the same policy
    expect(hostingHeaders("/dashboard")["content-security-policy"]).toBe(PAGE_CSP);
  });

  it("in the emulator, let the pages reach the Auth emulator too, as the local suite's Hosting does; a deploy never", () => {
    const env = { FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" };
    expect(pageHeaders(env, false)).toEqual(PAGE_HEADERS);
    expect(pageHeaders({}, true)).toEqual(PAGE_HEADERS);
    const local = pageHeaders(env, true);
    expect(directives(local["Content-Security-Policy"]!).get("connect-src")).toEqual([
      ...directives(PAGE_CSP).get("connect-src")!,
      "http://127.0.0.1:9099",
    ]);
    expect({ ...local, "Content-Security-Policy": PAGE_CSP }).toEqual(PAGE_HEADERS);
  });
});
