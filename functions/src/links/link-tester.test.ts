import http from "node:http";
import zlib from "node:zlib";
import type net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createLinkTester, describeLinkTest, isPublicAddress, type LinkTestValidation } from "./link-tester";

/** A local server that counts TCP connections and requests, so a test can prove nothing connected. */
interface CountingServer {
  server: http.Server;
  port: number;
  connections: number;
  requests: number;
  reset(): void;
}

async function startServer(handler: http.RequestListener): Promise<CountingServer> {
  const server = http.createServer();
  const s: CountingServer = {
    server,
    port: 0,
    connections: 0,
    requests: 0,
    reset() {
      s.connections = 0;
      s.requests = 0;
    },
  };
  server.on("connection", () => s.connections++);
  server.on("request", (req, res) => {
    s.requests++;
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  s.port = (server.address() as AddressInfo).port;
  return s;
}

async function stopServer(s: CountingServer): Promise<void> {
  s.server.closeAllConnections();
  await new Promise<void>((resolve) => s.server.close(() => resolve()));
}

const PUBLIC_NAME = "public.example.test";
/** A terms page of about 2 MB once decoded (it compresses to a few KB). */
const TERMS_PAGE = `<main><p>Earn 60,000 points.</p>${"<p>Terms apply.</p>".repeat(120_000)}</main>`;

/** Fake DNS: the "public" name is the local test server; the others resolve to non-public addresses. */
const fakeRecords: Record<string, { address: string; family: number }[]> = {
  [PUBLIC_NAME]: [{ address: "127.0.0.1", family: 4 }],
  localhost: [{ address: "127.0.0.1", family: 4 }],
  "intranet.example.test": [{ address: "192.168.1.20", family: 4 }],
  "metadata.example.test": [{ address: "169.254.169.254", family: 4 }],
  "mapped.example.test": [{ address: "::ffff:10.0.0.1", family: 6 }],
  "mixed.example.test": [
    { address: "93.184.216.34", family: 4 },
    { address: "10.0.0.5", family: 4 },
  ],
};
let lookups: string[] = [];
const fakeLookup: net.LookupFunction = (hostname, options, callback) => {
  lookups.push(hostname);
  const records = fakeRecords[hostname];
  setImmediate(() => {
    if (!records) {
      const err: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
      err.code = "ENOTFOUND";
      callback(err, "", 0);
    } else if (options.all) callback(null, records);
    else callback(null, records[0]!.address, records[0]!.family);
  });
};

/** The seams: only 127.0.0.1 reached through the fake public name counts as public. */
const seams = {
  lookup: fakeLookup,
  isAddressAllowed: (ip: string, hostname: string) => (hostname === PUBLIC_NAME && ip === "127.0.0.1") || isPublicAddress(ip),
};

let site: CountingServer; // the "public" site
let victim: CountingServer; // a local service that must never be reached
let siteUrl: string;
let redirectTarget = "";

beforeAll(async () => {
  victim = await startServer((_req, res) => res.end("secret"));
  site = await startServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const chain = /^\/chain\/(\d+)$/.exec(url.pathname);
    if (chain) {
      const left = Number(chain[1]);
      if (left === 0) res.end("arrived");
      else res.writeHead(302, { location: `/chain/${left - 1}` }).end();
      return;
    }
    switch (url.pathname) {
      case "/ok":
        res.writeHead(200, { "content-type": "text/html" }).end("<h1>Welcome</h1>");
        return;
      case "/endless": {
        // A body that never ends: the tester must not wait for it.
        res.writeHead(200, { "content-type": "text/html" });
        const chunk = "x".repeat(16 * 1024);
        const timer = setInterval(() => res.write(chunk), 5);
        res.on("close", () => clearInterval(timer));
        return;
      }
      case "/missing":
        res.writeHead(404).end("nope");
        return;
      case "/forbidden":
        res.writeHead(403).end("bot?");
        return;
      case "/relative":
        res.writeHead(301, { location: "ok?from=relative" }).end();
        return;
      case "/absolute":
        res.writeHead(307, { location: `http://${PUBLIC_NAME}:${site.port}/ok` }).end();
        return;
      case "/no-location":
        res.writeHead(302).end();
        return;
      case "/to":
        res.writeHead(302, { location: redirectTarget }).end();
        return;
      case "/loop":
        res.writeHead(302, { location: "/loop" }).end();
        return;
      case "/hang":
        return; // never answers
      case "/terms-gzip":
        res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip" }).end(zlib.gzipSync(TERMS_PAGE));
        return;
      case "/terms-br":
        res.writeHead(200, { "content-type": "text/html", "content-encoding": "br" }).end(zlib.brotliCompressSync(TERMS_PAGE));
        return;
      case "/terms-latin1":
        res
          .writeHead(200, { "content-type": "text/html; charset=iso-8859-1" })
          .end(Buffer.from("<p>Prämie: 50 EUR für Freunde</p>", "latin1"));
        return;
      case "/terms-moved":
        res.writeHead(301, { location: "/terms-gzip" }).end();
        return;
      default:
        res.writeHead(404).end();
    }
  });
  siteUrl = `http://${PUBLIC_NAME}:${site.port}`;
});

afterAll(async () => {
  await stopServer(site);
  await stopServer(victim);
});

function expectInvalid(v: LinkTestValidation, message: string | RegExp): void {
  expect(v.isValid).toBe(false);
  if (typeof message === "string") expect(v.errorMessage).toBe(message);
  else expect(v.errorMessage).toMatch(message);
}

describe("createLinkTester with a fake public host", () => {
  const tester = createLinkTester(seams);

  it("accepts a 200 page and measures the response time", async () => {
    const v = await tester.test(`${siteUrl}/ok`);
    expect(v).toMatchObject({ isValid: true, errorMessage: null, statusCode: 200, finalUrl: `${siteUrl}/ok` });
    expect(v.responseTime).toBeGreaterThan(0);
    expect(describeLinkTest(v)).toMatch(/^Working \(HTTP 200 in \d+ ms\)$/);
  });

  it("does not download the body", async () => {
    const v = await createLinkTester({ ...seams, timeoutMs: 2000 }).test(`${siteUrl}/endless`);
    expect(v.isValid).toBe(true);
    expect(v.responseTime).toBeLessThan(2000);
  });

  it("reports a 404 as broken, with the status", async () => {
    const v = await tester.test(`${siteUrl}/missing`);
    expectInvalid(v, "HTTP 404 Not Found");
    expect(v.statusCode).toBe(404);
    expect(describeLinkTest(v)).toBe("Broken: HTTP 404 Not Found");
  });

  it("reports a 403 as not verified, because it may be a bot wall", async () => {
    const v = await tester.test(`${siteUrl}/forbidden`);
    expectInvalid(v, /^HTTP 403 Forbidden \(the site may block automated checks/);
    expect(describeLinkTest(v)).toMatch(/^Could not verify: HTTP 403 Forbidden/);
  });

  it("follows a chain of 5 redirects", async () => {
    const v = await tester.test(`${siteUrl}/chain/5`);
    expect(v).toMatchObject({ isValid: true, statusCode: 200, finalUrl: `${siteUrl}/chain/0` });
  });

  it("gives up after more than 5 redirects", async () => {
    site.reset();
    const v = await tester.test(`${siteUrl}/chain/6`);
    expectInvalid(v, "Too many redirects");
    expect(site.requests).toBe(6); // the sixth redirect is not followed
    expectInvalid(await tester.test(`${siteUrl}/loop`), "Too many redirects");
  });

  it("honours a smaller maxRedirects", async () => {
    const strict = createLinkTester({ ...seams, maxRedirects: 1 });
    expect((await strict.test(`${siteUrl}/chain/1`)).isValid).toBe(true);
    expectInvalid(await strict.test(`${siteUrl}/chain/2`), "Too many redirects");
  });

  it("resolves relative and absolute Location headers", async () => {
    const rel = await tester.test(`${siteUrl}/relative`);
    expect(rel).toMatchObject({ isValid: true, finalUrl: `${siteUrl}/ok?from=relative` });
    const abs = await tester.test(`${siteUrl}/absolute`);
    expect(abs).toMatchObject({ isValid: true, finalUrl: `${siteUrl}/ok` });
  });

  it("treats a redirect without Location as broken", async () => {
    expectInvalid(await tester.test(`${siteUrl}/no-location`), "HTTP 302 Found without a Location header");
  });

  describe("refuses a redirect to a non-public address without connecting", () => {
    const cases: [string, () => string, RegExp][] = [
      ["the metadata server", () => "http://169.254.169.254/latest/meta-data", /^Refused: address 169\.254\.169\.254 is not public$/],
      ["loopback", () => `http://127.0.0.1:${victim.port}/`, /^Refused: address 127\.0\.0\.1 is not public$/],
      ["a private address", () => "http://10.0.0.1/", /^Refused: address 10\.0\.0\.1 is not public$/],
      ["IPv4-mapped loopback", () => `http://[::ffff:127.0.0.1]:${victim.port}/`, /^Refused: address ::ffff:7f00:1 is not public$/],
      [
        "localhost",
        () => `http://localhost:${victim.port}/`,
        /^Refused: address (127\.0\.0\.1|::1) is not public \(resolved from localhost\)$/,
      ],
      [
        "a name resolving to a private address",
        () => "http://intranet.example.test/",
        /^Refused: address 192\.168\.1\.20 is not public \(resolved from intranet\.example\.test\)$/,
      ],
      ["a name resolving to the metadata server", () => "http://metadata.example.test/", /169\.254\.169\.254 is not public/],
    ];
    it.each(cases)("to %s", async (_name, target, message) => {
      victim.reset();
      site.reset();
      redirectTarget = target();
      const v = await tester.test(`${siteUrl}/to`);
      expectInvalid(v, message);
      expect(v.finalUrl).toBe(new URL(redirectTarget).href);
      expect(site.requests).toBe(1); // the public hop was made...
      expect(victim.connections).toBe(0); // ...the local one never was
      expect(describeLinkTest(v)).toBe(`Broken: ${v.errorMessage}`);
    });
  });

  it("refuses a redirect to a non-http scheme", async () => {
    redirectTarget = "file:///etc/passwd";
    expectInvalid(await tester.test(`${siteUrl}/to`), /^Redirect to an unsupported URL scheme "file:"/);
  });

  it("refuses a name when any of its addresses is not public", async () => {
    lookups = [];
    const v = await tester.test("http://mixed.example.test/");
    expectInvalid(v, "Refused: address 10.0.0.5 is not public (resolved from mixed.example.test)");
    expect(lookups).toEqual(["mixed.example.test"]);
  });

  it("refuses a name resolving to an IPv4-mapped private address", async () => {
    expectInvalid(await tester.test("https://mapped.example.test/"), /^Refused: address ::ffff:10\.0\.0\.1 is not public/);
  });

  it("reports a DNS failure", async () => {
    const v = await tester.test("http://nowhere.example.test/");
    expectInvalid(v, "DNS lookup failed: nowhere.example.test not found");
    expect(v.statusCode).toBeNull();
  });

  it("times out on a server that never answers", async () => {
    const started = Date.now();
    const v = await createLinkTester({ ...seams, timeoutMs: 300 }).test(`${siteUrl}/hang`);
    expectInvalid(v, "Timed out after 300 ms");
    expect(Date.now() - started).toBeLessThan(2000);
    expect(v.responseTime).toBeGreaterThanOrEqual(290);
  });

  it("uses the injected clock for responseTime", async () => {
    const ticks = [1000, 1312];
    const v = await createLinkTester({ ...seams, now: () => ticks.shift() ?? 1312 }).test(`${siteUrl}/ok`);
    expect(v.responseTime).toBe(312);
    expect(describeLinkTest(v)).toBe("Working (HTTP 200 in 312 ms)");
  });
});

describe("createLinkTester with default options", () => {
  const tester = createLinkTester();

  it.each([
    ["loopback", () => `http://127.0.0.1:${victim.port}/`, "Refused: address 127.0.0.1 is not public"],
    ["loopback in decimal form", () => `http://2130706433:${victim.port}/`, "Refused: address 127.0.0.1 is not public"],
    [
      "localhost",
      () => `http://localhost:${victim.port}/`,
      /^Refused: address (127\.0\.0\.1|::1) is not public \(resolved from localhost\)$/,
    ],
    ["IPv6 loopback", () => `http://[::1]:${victim.port}/`, "Refused: address ::1 is not public"],
    ["IPv4-mapped loopback", () => `http://[::ffff:127.0.0.1]:${victim.port}/`, "Refused: address ::ffff:7f00:1 is not public"],
    ["the metadata server", () => "http://169.254.169.254/", "Refused: address 169.254.169.254 is not public"],
    ["the unspecified address", () => `http://0.0.0.0:${victim.port}/`, "Refused: address 0.0.0.0 is not public"],
    ["a private address over https", () => "https://192.168.0.1/", "Refused: address 192.168.0.1 is not public"],
    ["a CGNAT address", () => "http://100.64.1.1/", "Refused: address 100.64.1.1 is not public"],
  ] as [string, () => string, string | RegExp][])("refuses %s without connecting", async (_name, target, message) => {
    victim.reset();
    const v = await tester.test(target());
    expectInvalid(v, message);
    expect(v.statusCode).toBeNull();
    expect(victim.connections).toBe(0);
  });

  it("refuses the fake public name when only the resolver is swapped (the address check stays on)", async () => {
    site.reset();
    const v = await createLinkTester({ lookup: fakeLookup }).test(`${siteUrl}/ok`);
    expectInvalid(v, `Refused: address 127.0.0.1 is not public (resolved from ${PUBLIC_NAME})`);
    expect(site.connections).toBe(0);
  });

  it.each([
    ["javascript:alert(1)", /^Unsupported URL scheme "javascript:"/],
    ["ftp://x", /^Unsupported URL scheme "ftp:"/],
    ["file:///etc/passwd", /^Unsupported URL scheme "file:"/],
    ["not a url", /^Not a valid URL$/],
    ["", /^Not a valid URL$/],
  ])("gives an invalid result for %j", async (url, message) => {
    const v = await tester.test(url);
    expectInvalid(v, message);
    expect(v.statusCode).toBeNull();
    expect(describeLinkTest(v)).toMatch(/^Broken: /);
  });

  it("says 'Timed out after 10 seconds' by default", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      // A lookup that never answers: only the deadline can end this test.
      const hanging = createLinkTester({ lookup: () => undefined });
      const pending = hanging.test("https://slow.example.test/");
      await vi.advanceTimersByTimeAsync(10_000);
      expectInvalid(await pending, "Timed out after 10 seconds");
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("reading a page (the terms watch) under the link tester's rules", () => {
  const reader = createLinkTester(seams);

  it("reads the final answer's body decoded, after redirects, as its charset says", async () => {
    const read = await reader.read(`${siteUrl}/terms-moved`, 4_000_000);
    expect(read).toMatchObject({ isValid: true, statusCode: 200, finalUrl: `${siteUrl}/terms-gzip` });
    expect(read.page).toEqual({ text: TERMS_PAGE, contentType: "text/html; charset=utf-8", cut: false });
    expect((await reader.read(`${siteUrl}/terms-br`, 4_000_000)).page?.text).toBe(TERMS_PAGE);
    // Latin-1 bytes read as UTF-8 would be "Pr\uFFFDmie"
    expect((await reader.read(`${siteUrl}/terms-latin1`, 1000)).page?.text).toBe("<p>Prämie: 50 EUR für Freunde</p>");
  });

  it("cuts a longer body at the bytes asked for, decoded, and does not fail", async () => {
    const read = await reader.read(`${siteUrl}/terms-gzip`, 1000);
    expect(read.isValid).toBe(true);
    expect(read.page).toMatchObject({ cut: true, text: TERMS_PAGE.slice(0, 1000) });
    // a body that never ends is cut too, well before the deadline
    const endless = await reader.read(`${siteUrl}/endless`, 100_000);
    expect(endless.page).toMatchObject({ cut: true });
    expect(endless.page!.text).toHaveLength(100_000);
  });

  it("keeps every rule of the test: no page for a failure, and no connection to an address that is not public", async () => {
    expect(await reader.read(`${siteUrl}/missing`, 1000)).toMatchObject({ isValid: false, statusCode: 404, page: null });
    victim.reset();
    const refused = await reader.read(`http://127.0.0.1:${victim.port}/`, 1000);
    expect(refused).toMatchObject({ isValid: false, errorCode: "REFUSED_ADDRESS", page: null });
    expect(victim.connections).toBe(0);
  });

  it("a test never reads the body, and answers as before", async () => {
    const v = await reader.test(`${siteUrl}/terms-gzip`);
    expect(v).not.toHaveProperty("page");
    expect(v.isValid).toBe(true);
  });
});

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.5.5.5",
    "::1",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "224.0.0.1",
    "ff02::1",
    "0.0.0.0",
    "0.1.2.3",
    "::",
    "240.0.0.1",
    "255.255.255.255",
    "100.64.0.1",
    "192.0.2.1",
    "198.51.100.1",
    "203.0.113.1",
    "2001:db8::1",
    "::ffff:127.0.0.1",
    "::ffff:169.254.169.254",
    "::127.0.0.1",
    "::7f00:1", // IPv4-compatible forms written in hex: ::127.0.0.1, ::10.0.0.1, ::171.205.18.52
    "::a00:1",
    "::abcd:1234",
    "64:ff9b::7f00:1",
    "2002:7f00:1::",
    "not-an-ip",
  ])("refuses %s", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(["8.8.8.8", "93.184.216.34", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("accepts %s", (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe("describeLinkTest", () => {
  const base: LinkTestValidation = {
    isValid: true,
    responseTime: 312,
    errorMessage: null,
    statusCode: 200,
    finalUrl: "https://a.example/",
  };
  it("describes working, broken and unverified links", () => {
    expect(describeLinkTest(base)).toBe("Working (HTTP 200 in 312 ms)");
    expect(describeLinkTest({ ...base, isValid: false, statusCode: null, errorMessage: "Timed out after 10 seconds" })).toBe(
      "Broken: Timed out after 10 seconds",
    );
    expect(describeLinkTest({ ...base, isValid: false, statusCode: 500, errorMessage: "HTTP 500 Internal Server Error" })).toBe(
      "Broken: HTTP 500 Internal Server Error",
    );
    expect(describeLinkTest({ ...base, isValid: false, statusCode: 429, errorMessage: "HTTP 429 Too Many Requests" })).toBe(
      "Could not verify: HTTP 429 Too Many Requests",
    );
    expect(describeLinkTest({ ...base, isValid: false, statusCode: 410, errorMessage: null })).toBe("Broken: HTTP 410 Gone");
  });
});
