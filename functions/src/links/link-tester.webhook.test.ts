import http from "node:http";
import type { AddressInfo, LookupFunction } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createLinkTester } from "./link-tester";

/*
 * A webhook's delivery (the alerts channel) as its receiver sees it, and the answer the delivery
 * queue gets: one POST under the link tester's address rules, no redirect followed, no answer body
 * kept, and no word of the webhook's address in what comes back (the address is the channel's
 * secret).
 */

const NAME = "hooks.receiver.example";
const lookup: LookupFunction = (_hostname, options, callback) => {
  setImmediate(() => {
    if (options.all) callback(null, [{ address: "127.0.0.1", family: 4 }]);
    else callback(null, "127.0.0.1", 4);
  });
};
const seams = { lookup, isAddressAllowed: (ip: string, hostname: string) => ip === "127.0.0.1" && hostname === NAME };

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
let received: Received[] = [];
let connections = 0;
let server: http.Server;
let origin = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const url = new URL(req.url ?? "/", "http://x");
      switch (url.pathname) {
        case "/slow-down":
          res.writeHead(429, { "retry-after": "120" }).end("slow down");
          return;
        case "/moved":
          res.writeHead(302, { location: "/hook" }).end();
          return;
        case "/broken":
          res.writeHead(500).end("oops");
          return;
        default:
          res.writeHead(204).end();
      }
    });
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://${NAME}:${String((server.address() as AddressInfo).port)}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  vi.useRealTimers();
  received = [];
  connections = 0;
});

const poster = createLinkTester(seams);
const HEADERS = { "x-hub-delivery": "evt_1", "x-hub-timestamp": "1767600000" };

describe("posting a webhook", () => {
  it("sends the body once, as JSON, with the caller's headers and its exact length in bytes", async () => {
    const body = JSON.stringify({ text: "Terms changed for Café Bonus — 60 000 points 🎉" });
    const answer = await poster.post(`${origin}/hook?x=1`, HEADERS, body);
    expect(answer).toEqual({ status: 204, retryAfter: null, error: null });
    expect(received).toHaveLength(1);
    const [got] = received;
    expect(got!.method).toBe("POST");
    expect(got!.url).toBe("/hook?x=1");
    expect(got!.body).toBe(body);
    expect(got!.headers["content-type"]).toBe("application/json");
    expect(got!.headers["content-length"]).toBe(String(Buffer.byteLength(body)));
    expect(got!.headers["x-hub-delivery"]).toBe("evt_1");
    expect(got!.headers["x-hub-timestamp"]).toBe("1767600000");
    expect(got!.headers["user-agent"]).toMatch(/ReferralHubLinkTester/);
  });

  it("lets the caller name the content type, but never the length", async () => {
    await poster.post(`${origin}/hook`, { "content-type": "application/json; charset=utf-8", "content-length": "1" }, '{"a":"b"}');
    expect(received[0]!.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(received[0]!.body).toBe('{"a":"b"}');
  });

  it("answers the receiver's status, and the Retry-After of a 429 as sent", async () => {
    expect(await poster.post(`${origin}/slow-down`, HEADERS, "{}")).toEqual({ status: 429, retryAfter: "120", error: null });
    expect(await poster.post(`${origin}/broken`, HEADERS, "{}")).toEqual({ status: 500, retryAfter: null, error: null });
  });

  it("does not follow a redirect: the 3xx is the answer", async () => {
    expect(await poster.post(`${origin}/moved`, HEADERS, "{}")).toEqual({ status: 302, retryAfter: null, error: null });
    expect(received.map((r) => r.url)).toEqual(["/moved"]);
  });

  it("takes an address pasted with spaces around it", async () => {
    expect((await poster.post(`\u00a0${origin}/hook \n`, HEADERS, "{}")).status).toBe(204);
  });
});

describe("a webhook that cannot be delivered", () => {
  it("is refused without connecting when its address is not public, and says why in words that name no host", async () => {
    const answer = await createLinkTester({ lookup }).post(`${origin}/hook`, HEADERS, "{}");
    expect(answer).toEqual({
      status: null,
      retryAfter: null,
      error: "Refused: address 127.0.0.1 is not public (resolved from hooks.receiver.example)",
      errorCode: "REFUSED_ADDRESS",
    });
    expect(connections).toBe(0);
    const literal = await createLinkTester().post("https://169.254.169.254/latest", HEADERS, "{}");
    expect(literal).toEqual({
      status: null,
      retryAfter: null,
      error: "Refused: address 169.254.169.254 is not public",
      errorCode: "REFUSED_ADDRESS",
    });
  });

  it("a failure of the network names no host (the address is the channel's secret), and gives its code", async () => {
    const gone: LookupFunction = (_h, _o, callback) =>
      setImmediate(() => callback(Object.assign(new Error("getaddrinfo ENOTFOUND x"), { code: "ENOTFOUND" }), "", 0));
    const answer = await createLinkTester({ ...seams, lookup: gone }).post(`https://secret-path.${NAME}/T0/B0/x`, HEADERS, "{}");
    expect(answer).toEqual({ status: null, retryAfter: null, error: "DNS lookup failed: the host not found", errorCode: "ENOTFOUND" });
  });

  it("an address that is no http(s) URL is no delivery, and carries no code", async () => {
    expect(await poster.post("not a url", HEADERS, "{}")).toEqual({ status: null, retryAfter: null, error: "Not a valid URL" });
    expect(await poster.post("ftp://hooks.receiver.example/x", HEADERS, "{}")).toEqual({
      status: null,
      retryAfter: null,
      error: 'Unsupported URL scheme "ftp:": only http and https links can be tested',
    });
    expect(received).toHaveLength(0);
  });

  it("a header that cannot be sent fails the delivery before anything is sent", async () => {
    const answer = await poster.post(`${origin}/hook`, { "x-hub-signature-256": "sha256=ab\r\nx-injected: 1" }, "{}");
    expect(answer).toMatchObject({ status: null, retryAfter: null, errorCode: "ERR_INVALID_CHAR" });
    expect(answer.error).toMatch(/^Request failed: Invalid character in header content/);
    expect(connections).toBe(0);
  });

  it("times out after the tester's deadline, and leaves no timer running once answered", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const hanging = createLinkTester({ ...seams, lookup: () => undefined, timeoutMs: 2_000 });
    const pending = hanging.post(`${origin}/hook`, HEADERS, "{}");
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await pending).toEqual({ status: null, retryAfter: null, error: "Timed out after 2 seconds", errorCode: "ABORT_ERR" });
    expect(vi.getTimerCount()).toBe(0);
    const quick = createLinkTester({ ...seams, timeoutMs: 2_000 });
    expect((await quick.post(`${origin}/hook`, HEADERS, "{}")).status).toBe(204);
    expect(await quick.post("not a url", HEADERS, "{}")).toMatchObject({ error: "Not a valid URL" });
    expect(vi.getTimerCount()).toBe(0);
  });
});
