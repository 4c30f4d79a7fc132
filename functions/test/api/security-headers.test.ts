import { describe, expect, it } from "vitest";
import { parseCsp } from "../../../testing/csp";
import { call } from "../../../testing/http";

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
