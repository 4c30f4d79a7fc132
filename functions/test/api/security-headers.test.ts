import { describe, expect, it } from "vitest";
import { createProgramAs, signInActors } from "../../../testing/actors";
import { parseCsp } from "../../../testing/csp";
import { resetEmulators } from "../../../testing/emulators";
import { call } from "../../../testing/http";
import { addLink } from "../../../testing/rotation";
import { HOST, PORTS, PROJECT_ID } from "../../../testing/suite-config";

/** What Hosting sends, as a browser receives it (the local suite serves firebase.json's headers). */
describe("security headers", () => {
  it("the app's pages carry a Content-Security-Policy that allows only the app's own origin and Firebase Auth, and forbid framing", async () => {
    for (const path of ["/", "/programs", "/admin", "/dashboard"]) {
      const res = await call("GET", path);
      expect(res.status).toBe(200);
      const csp = parseCsp(res.headers.get("content-security-policy") ?? "");
      expect(csp.get("default-src")).toEqual(["'self'"]);
      expect(csp.get("script-src")).toEqual(["'self'"]);
      expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
      // production allows Google's Auth endpoints; the local suite also its Auth emulator
      expect(csp.get("connect-src")!.filter((source) => !/^http:\/\/127\.0\.0\.1:\d+$/.test(source))).toEqual([
        "'self'",
        "https://identitytoolkit.googleapis.com",
        "https://securetoken.googleapis.com",
      ]);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
  });

  it("the e-mail login page, whose address carries the login token, sends no referrer", async () => {
    const res = await call("GET", "/email-login?token=secret-token");
    expect(res.status).toBe(200);
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("API answers cannot be framed, sniffed or cached", async () => {
    const res = await call("GET", "/api/auth/session");
    expect(parseCsp(res.headers.get("content-security-policy") ?? "").get("frame-ancestors")).toEqual(["'none'"]);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});

/** A function's own URL on the Functions emulator: what answers without Hosting in front. */
const direct = (functionId: string, path: string, init?: RequestInit) =>
  fetch(`http://${HOST}:${String(PORTS.functions)}/${PROJECT_ID}/us-central1/${functionId}${path}`, { redirect: "manual", ...init });
const viaHosting = (path: string) => call("GET", path);

const HEADERS = [
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "cross-origin-opener-policy",
  "permissions-policy",
];
const headersOf = (res: { headers: Headers }) => Object.fromEntries(HEADERS.map((name) => [name, res.headers.get(name)]));

/** What every answer carries, page or data. */
function expectEveryAnswersHeaders(res: { headers: Headers }, what: string) {
  expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(res.headers.get("x-frame-options"), what).toBe("DENY");
  expect(res.headers.get("cross-origin-opener-policy"), what).toBe("same-origin");
  expect(res.headers.get("permissions-policy"), what).toBe("camera=(), microphone=(), geolocation=(), payment=()");
  expect(parseCsp(res.headers.get("content-security-policy") ?? "").get("frame-ancestors"), what).toEqual(["'none'"]);
}

/** An answer that loads nothing: the API's, the rotation's. */
function expectNothingHeaders(res: { headers: Headers }, what: string) {
  expectEveryAnswersHeaders(res, what);
  expect(res.headers.get("content-security-policy"), what).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(res.headers.get("referrer-policy"), what).toBe("no-referrer");
}

/**
 * The same headers from the functions themselves, on their own URLs (platform/http/security-headers.ts):
 * a function is reachable there too, and Hosting passes on what it does not set itself.
 */
describe("security headers set by the functions themselves", () => {
  it("the pages function's / and /programs: the app's policy, on its own URL as through Hosting", async () => {
    for (const path of ["/", "/programs"]) {
      const res = await direct("pages", path);
      expect(res.status).toBe(200);
      expectEveryAnswersHeaders(res, path);
      const csp = parseCsp(res.headers.get("content-security-policy") ?? "");
      expect(csp.get("default-src")).toEqual(["'self'"]);
      // the island is a file; the page's state is JSON, never run
      expect(csp.get("script-src")).toEqual(["'self'"]);
      // emotion's and the page-wide <style> elements
      expect(csp.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      // whichever of the two a browser gets, it is the same
      expect(headersOf(res)).toEqual(headersOf(await viaHosting(path)));
    }
    // and what it answers to anything else
    const other = await direct("pages", "/admin");
    expect(other.status).toBe(404);
    expectNothingHeaders(other, "pages /admin");
  });

  it("every /api answer, on the api function's own URL as through Hosting: nothing to load, never framed", async () => {
    for (const [path, status] of [
      ["/api/auth/session", 200],
      ["/api/public/programs", 200],
      ["/api/programs", 401],
      ["/api/no-such-route", 404],
    ] as const) {
      const res = await direct("api", path);
      expect(res.status, path).toBe(status);
      expectNothingHeaders(res, `direct ${path}`);
      const hosted = await viaHosting(path);
      expect(hosted.status, path).toBe(status);
      expectNothingHeaders(hosted, `Hosting ${path}`);
    }
  });

  it("the rotation's pages and redirects keep default-src 'none' and are never framed, on its own URL as through Hosting", async () => {
    await resetEmulators();
    const { admin } = await signInActors();
    const program = await createProgramAs(admin, "Header Bank");
    await addLink(admin, program.id, "owner@example.com");
    const answers = [
      [`/programs/${program.id}/redirect`, `/api/programs/${program.id}/redirect`, 302],
      ["/r/no-such-program", "/r/no-such-program", 404],
      ["/programs/nosuchprogram/redirect", "/api/programs/nosuchprogram/redirect", 404],
    ] as const;
    for (const [ownPath, hostingPath, status] of answers) {
      const res = await direct("redirect", ownPath);
      expect(res.status, ownPath).toBe(status);
      expectNothingHeaders(res, `direct ${ownPath}`);
      const hosted = await viaHosting(hostingPath);
      expect(hosted.status, hostingPath).toBe(status);
      expectNothingHeaders(hosted, `Hosting ${hostingPath}`);
      if (status === 404) expect(res.headers.get("content-type")).toContain("text/html");
    }
  });
});
