import http from "node:http";
import net, { type AddressInfo, type LookupFunction } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createLinkTester, describeLinkTest, type LinkTesterOptions, type LinkTestValidation } from "./link-tester";

/*
 * What an admin reads when a link test fails, and what link health classifies it by (`errorCode`):
 * every kind of failure a page, a name or a network can give, each in its own words. A stand-in
 * resolver names the local test servers (and fails as a resolver fails); only those servers count as
 * public here.
 */

const NAME = "bank.example.test";
const resolveLocal: LookupFunction = (_hostname, options, callback) => {
  setImmediate(() => {
    if (options.all) callback(null, [{ address: "127.0.0.1", family: 4 }]);
    else callback(null, "127.0.0.1", 4);
  });
};
const onlyLocal = (ip: string, hostname: string) => ip === "127.0.0.1" && hostname === NAME;
const seams: LinkTesterOptions = { lookup: resolveLocal, isAddressAllowed: onlyLocal };

/** A resolver that fails as `dns.lookup` does, with `error`. */
const failingWith =
  (error: unknown): LookupFunction =>
  (_hostname, _options, callback) =>
    setImmediate(() => callback(error as NodeJS.ErrnoException, "", 0));
const errno = (code: unknown, message = `getaddrinfo ${String(code)} ${NAME}`) =>
  Object.assign(new Error(message), { code }) as NodeJS.ErrnoException;

let site: http.Server;
let origin = "";
/** Requests the site received: method, path and headers. */
let received: { method: string; url: string; headers: http.IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  site = http.createServer((req, res) => {
    received.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers });
    const url = new URL(req.url ?? "/", "http://x");
    const status = /^\/status\/(\d+)$/.exec(url.pathname);
    if (status) {
      const code = Number(status[1]);
      const location = url.searchParams.get("to");
      res.writeHead(code, location === null ? {} : { location }).end();
      return;
    }
    const hops = /^\/hops\/(\d+)$/.exec(url.pathname);
    if (hops) {
      const left = Number(hops[1]);
      if (left === 0) res.writeHead(200).end("arrived");
      else res.writeHead(302, { location: `/hops/${String(left - 1)}` }).end();
      return;
    }
    res.writeHead(200, { "content-type": "text/html" }).end("<h1>Offer</h1>");
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  origin = `http://${NAME}:${String((site.address() as AddressInfo).port)}`;
});
afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});
afterEach(() => {
  vi.useRealTimers();
  received = [];
});

/** A TCP server that answers every connection with `answer` as raw bytes, or drops it when null. */
async function rawServer(answer: string | null): Promise<{ url: string; close: () => void }> {
  const server = net.createServer((socket) => {
    if (answer === null) socket.destroy();
    else socket.once("data", () => socket.end(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://${NAME}:${String((server.address() as AddressInfo).port)}/`, close: () => server.close() };
}

function expectFailure(v: LinkTestValidation, message: string, errorCode?: string) {
  expect(v.isValid).toBe(false);
  expect(v.errorMessage).toBe(message);
  expect(v.statusCode).toBeNull();
  if (errorCode === undefined) expect(v).not.toHaveProperty("errorCode");
  else expect(v.errorCode).toBe(errorCode);
}

describe("a name or a network that fails, in an admin's words, with the code link health reads", () => {
  it.each([
    ["ENOTFOUND", `DNS lookup failed: ${NAME} not found`],
    ["EAI_NONAME", `DNS lookup failed: ${NAME} not found`],
    ["EAI_NODATA", `DNS lookup failed: ${NAME} not found`],
    ["EAI_AGAIN", `DNS lookup failed: temporary failure resolving ${NAME}`],
    ["ECONNREFUSED", `Connection refused by ${NAME}`],
    ["ECONNRESET", `Connection reset by ${NAME}`],
    ["EHOSTUNREACH", `Host ${NAME} is unreachable`],
    ["ENETUNREACH", `Host ${NAME} is unreachable`],
    ["ETIMEDOUT", `Connection to ${NAME} timed out`],
  ])("%s: %s", async (code, message) => {
    const v = await createLinkTester({ ...seams, lookup: failingWith(errno(code)) }).test(`https://${NAME}/refer`);
    expectFailure(v, message, code);
    expect(describeLinkTest(v)).toBe(`Broken: ${message}`);
  });

  it.each([
    ["CERT_HAS_EXPIRED", "certificate has expired"],
    ["CERT_NOT_YET_VALID", "certificate is not yet valid"],
    ["DEPTH_ZERO_SELF_SIGNED_CERT", "self-signed certificate"],
    ["SELF_SIGNED_CERT_IN_CHAIN", "self-signed certificate in certificate chain"],
    ["UNABLE_TO_VERIFY_LEAF_SIGNATURE", "unable to verify the first certificate"],
    ["UNABLE_TO_GET_ISSUER_CERT_LOCALLY", "unable to get local issuer certificate"],
    ["ERR_TLS_CERT_ALTNAME_INVALID", "Hostname/IP does not match certificate's altnames"],
    ["CERT_REVOKED", "certificate revoked"],
    ["ERR_TLS_HANDSHAKE_TIMEOUT", "TLS handshake timeout"],
    ["ERR_SSL_WRONG_VERSION_NUMBER", "wrong version number"],
  ])("a certificate or TLS failure (%s) says so, with Node's reason", async (code, reason) => {
    const v = await createLinkTester({ ...seams, lookup: failingWith(errno(code, reason)) }).test(`https://${NAME}/`);
    expectFailure(v, `TLS certificate error: ${reason}`, code);
  });

  it("a TLS failure without a reason names its code", async () => {
    const v = await createLinkTester({ ...seams, lookup: failingWith({ code: "CERT_REVOKED" }) }).test(`https://${NAME}/`);
    expectFailure(v, "TLS certificate error: CERT_REVOKED", "CERT_REVOKED");
  });

  it("any other failure gives Node's own message, and its code", async () => {
    const v = await createLinkTester({ ...seams, lookup: failingWith(errno("EPROTO", "write EPROTO wrong")) }).test(`https://${NAME}/`);
    expectFailure(v, "Request failed: write EPROTO wrong", "EPROTO");
    // with no code at all, or an empty one, the message alone
    const plain = await createLinkTester({ ...seams, lookup: failingWith(new Error("resolver crashed")) }).test(`https://${NAME}/`);
    expectFailure(plain, "Request failed: resolver crashed");
    const empty = await createLinkTester({ ...seams, lookup: failingWith(errno("", "resolver said nothing")) }).test(`https://${NAME}/`);
    expectFailure(empty, "Request failed: resolver said nothing");
  });

  it("a resolver that answers no address is a name not found", async () => {
    const none: LookupFunction = (_h, _o, callback) => setImmediate(() => callback(null, []));
    expectFailure(
      await createLinkTester({ ...seams, lookup: none }).test(`https://${NAME}/`),
      `DNS lookup failed: ${NAME} not found`,
      "ENOTFOUND",
    );
  });

  it("a site that refuses the connection, or drops it, is told apart from one that answers garbage", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expectFailure(await createLinkTester(seams).test(`http://${NAME}:${String(port)}/`), `Connection refused by ${NAME}`, "ECONNREFUSED");

    const dropping = await rawServer(null);
    expectFailure(await createLinkTester(seams).test(dropping.url), `Connection reset by ${NAME}`, "ECONNRESET");
    dropping.close();

    for (const [answer, code] of [
      ["garbage\r\n\r\n", "HPE_INVALID_CONSTANT"],
      ["HTTP/1.1 1000 Far Too Big\r\n\r\n", "HPE_INVALID_STATUS"],
      ["HTTP/1.1 200 OK\r\nBad Header: x\r\n\r\n", "HPE_INVALID_HEADER_TOKEN"],
    ] as const) {
      const server = await rawServer(answer);
      expectFailure(await createLinkTester(seams).test(server.url), `Invalid HTTP response from ${NAME}`, code);
      server.close();
    }
  });

  it("names an IPv6 address without its brackets", async () => {
    const refused = await createLinkTester().test("http://[fe80::1]/x");
    expect(refused.errorMessage).toBe("Refused: address fe80::1 is not public");
  });
});

describe("what the resolver answers, however it answers", () => {
  it("connects to a single address given without its family, and only after checking it", async () => {
    const checked: string[] = [];
    const single = ((_h: string, _o: unknown, callback: (err: null, address: string) => void) =>
      setImmediate(() => callback(null, "127.0.0.1"))) as unknown as LookupFunction;
    const v = await createLinkTester({
      lookup: single,
      isAddressAllowed: (ip, hostname) => (checked.push(`${ip} from ${hostname}`), onlyLocal(ip, hostname)),
    }).test(`${origin}/offer`);
    expect(v).toMatchObject({ isValid: true, statusCode: 200 });
    expect(checked).toEqual([`127.0.0.1 from ${NAME}`]);
  });

  it("asks the resolver for every address, and checks an IP literal as written, before any connection", async () => {
    const asked: unknown[] = [];
    const checked: string[] = [];
    const tester = createLinkTester({
      lookup: (hostname, options, callback) => {
        asked.push(options.all);
        resolveLocal(hostname, options, callback);
      },
      isAddressAllowed: (ip, hostname) => (checked.push(`${ip} from ${hostname}`), onlyLocal(ip, hostname)),
    });
    expect((await tester.test(`${origin}/offer`)).isValid).toBe(true);
    expect(asked).toEqual([true]);
    expect((await tester.test("http://10.1.2.3/")).errorMessage).toBe("Refused: address 10.1.2.3 is not public");
    expect(checked).toEqual([`127.0.0.1 from ${NAME}`, "10.1.2.3 from 10.1.2.3"]);
  });

  it("works the same on a runtime that connects to one address family at a time", async () => {
    const before = net.getDefaultAutoSelectFamily();
    net.setDefaultAutoSelectFamily(false);
    try {
      expect(await createLinkTester(seams).test(`${origin}/offer`)).toMatchObject({ isValid: true, statusCode: 200 });
      const refused = await createLinkTester({ ...seams, isAddressAllowed: () => false }).test(`${origin}/offer`);
      expectFailure(refused, `Refused: address 127.0.0.1 is not public (resolved from ${NAME})`, "REFUSED_ADDRESS");
    } finally {
      net.setDefaultAutoSelectFamily(before);
    }
    expect(received).toHaveLength(1);
  });
});

describe("the answers a site gives, and which are followed", () => {
  const tester = createLinkTester(seams);

  it.each([301, 302, 303, 307, 308])("follows a %i with a Location to the page it names", async (status) => {
    const v = await tester.test(`${origin}/status/${String(status)}?to=/offer`);
    expect(v).toMatchObject({ isValid: true, statusCode: 200, finalUrl: `${origin}/offer`, errorMessage: null });
    expect(describeLinkTest(v)).toMatch(/^Working \(HTTP 200 in \d+ ms\)$/);
  });

  it.each([
    [300, "HTTP 300 Multiple Choices"],
    [304, "HTTP 304 Not Modified"],
  ])("does not follow a %i, which is no redirect", async (status, message) => {
    const v = await tester.test(`${origin}/status/${String(status)}?to=/offer`);
    expect(v).toMatchObject({
      isValid: false,
      statusCode: status,
      errorMessage: message,
      finalUrl: `${origin}/status/${String(status)}?to=/offer`,
    });
    expect(received.map((r) => r.url)).toEqual([`/status/${String(status)}?to=/offer`]);
  });

  it.each([
    [401, "HTTP 401 Unauthorized"],
    [403, "HTTP 403 Forbidden"],
    [405, "HTTP 405 Method Not Allowed"],
    [429, "HTTP 429 Too Many Requests"],
  ])("a %i may be a bot wall: the admin is told to open the link in a browser", async (status, text) => {
    const v = await tester.test(`${origin}/status/${String(status)}`);
    const message = `${text} (the site may block automated checks; open the link in a browser to confirm)`;
    expect(v).toMatchObject({ isValid: false, statusCode: status, errorMessage: message });
    expect(v).not.toHaveProperty("errorCode");
    expect(describeLinkTest(v)).toBe(`Could not verify: ${message}`);
  });

  it.each([
    [404, "HTTP 404 Not Found"],
    [410, "HTTP 410 Gone"],
    [500, "HTTP 500 Internal Server Error"],
    [599, "HTTP 599"],
  ])("a %i is broken, in the status's own words", async (status, message) => {
    const v = await tester.test(`${origin}/status/${String(status)}`);
    expect(v).toMatchObject({ isValid: false, statusCode: status, errorMessage: message });
    expect(describeLinkTest(v)).toBe(`Broken: ${message}`);
  });

  it.each([301, 303, 307, 308])("a %i without a Location is broken, and says so", async (status) => {
    const v = await tester.test(`${origin}/status/${String(status)}`);
    expect(v.errorMessage).toBe(`HTTP ${String(status)} ${http.STATUS_CODES[status]!} without a Location header`);
  });

  it("a redirect to an address that is no URL is broken, naming it", async () => {
    const v = await tester.test(`${origin}/status/302?to=${encodeURIComponent("http://[oops/")}`);
    expect(v).toMatchObject({ isValid: false, statusCode: 302, errorMessage: "Redirect to an invalid URL: http://[oops/" });
  });

  it("a redirect to a page that cannot be reached has no status of its own", async () => {
    const v = await tester.test(`${origin}/status/302?to=${encodeURIComponent("http://10.0.0.9/offer")}`);
    expect(v).toMatchObject({ isValid: false, statusCode: null, finalUrl: "http://10.0.0.9/offer", errorCode: "REFUSED_ADDRESS" });
  });

  it("follows no redirect at all with maxRedirects 0, and one with 1", async () => {
    expect((await createLinkTester({ ...seams, maxRedirects: 0 }).test(`${origin}/offer`)).isValid).toBe(true);
    expect((await createLinkTester({ ...seams, maxRedirects: 0 }).test(`${origin}/hops/1`)).errorMessage).toBe("Too many redirects");
    expect((await createLinkTester({ ...seams, maxRedirects: 1 }).test(`${origin}/hops/1`)).isValid).toBe(true);
  });

  it("asks like a browser, naming itself, with GET (never HEAD), and for the page's path and query", async () => {
    await tester.test(`${origin}/offer?ref=abc&x=1`);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.method).toBe("GET");
    expect(request!.url).toBe("/offer?ref=abc&x=1");
    expect(request!.headers["user-agent"]).toMatch(/^Mozilla\/5\.0 .*ReferralHubLinkTester/);
    expect(request!.headers.accept).toMatch(/^text\/html/);
    expect(request!.headers["accept-language"]).toMatch(/^en/);
    // a test reads no body, so it asks for no compressed one
    expect(request!.headers).not.toHaveProperty("accept-encoding");
  });

  it("a page read asks the same, and takes a compressed body", async () => {
    await tester.read(`${origin}/offer`, 1_000);
    expect(received[0]!.headers["user-agent"]).toMatch(/ReferralHubLinkTester/);
    expect(received[0]!.headers["accept-language"]).toMatch(/^en/);
    expect(received[0]!.headers["accept-encoding"]).toBe("gzip, deflate, br");
  });
});

describe("the link as it was stored", () => {
  const tester = createLinkTester(seams);

  it("is read without the spaces a paste leaves around it, no-break spaces too", async () => {
    const v = await tester.test(`\u00a0 ${origin}/offer\u2003\n`);
    expect(v).toMatchObject({ isValid: true, finalUrl: `${origin}/offer` });
  });

  it("gives an invalid result, not an exception, for a link that is no text at all", async () => {
    for (const missing of [undefined, null, 42]) {
      const v = await tester.test(missing as unknown as string);
      expect(v).toMatchObject({ isValid: false, errorMessage: "Not a valid URL", statusCode: null, finalUrl: null });
    }
  });

  it("a failure before any request names no host and no page", async () => {
    const v = await tester.test("mailto:someone@example.com");
    expect(v).toMatchObject({ isValid: false, finalUrl: null, statusCode: null });
    expect(v.errorMessage).toBe('Unsupported URL scheme "mailto:": only http and https links can be tested');
  });
});

describe("describing a result for the link's record", () => {
  const base: LinkTestValidation = { isValid: true, responseTime: 40, errorMessage: null, statusCode: 204, finalUrl: "https://a.example/" };
  it("words each kind of result", () => {
    expect(describeLinkTest(base)).toBe("Working (HTTP 204 in 40 ms)");
    expect(describeLinkTest({ ...base, statusCode: null })).toBe("Working (40 ms)");
    expect(describeLinkTest({ ...base, isValid: false, statusCode: null })).toBe("Broken: unknown error");
    expect(describeLinkTest({ ...base, isValid: false, statusCode: 401 })).toBe("Could not verify: HTTP 401 Unauthorized");
    expect(describeLinkTest({ ...base, isValid: false, statusCode: 405, errorMessage: "blocked" })).toBe("Could not verify: blocked");
    expect(describeLinkTest({ ...base, isValid: false, statusCode: 599 })).toBe("Broken: HTTP 599");
    expect(describeLinkTest({ ...base, isValid: false, statusCode: 200, errorMessage: "odd" })).toBe("Broken: odd");
    expect(describeLinkTest({ ...base, isValid: false, statusCode: null, errorMessage: "Timed out after 10 seconds" })).toBe(
      "Broken: Timed out after 10 seconds",
    );
  });
});
