import http from "node:http";
import zlib from "node:zlib";
import type { AddressInfo, LookupFunction } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLinkTester } from "./link-tester";

/*
 * The link tester's body reader and the pacing of redirect hops, against a local server that answers
 * what each run sets: the body is outside input (any bytes, any encoding header, any charset), so
 * whatever it is the reader never throws, never keeps more than it was asked for, and reads exactly
 * what was sent.
 */

const NAME = "bank.example.test";
const lookup: LookupFunction = (_hostname, options, callback) => {
  if (options.all) callback(null, [{ address: "127.0.0.1", family: 4 }]);
  else callback(null, "127.0.0.1", 4);
};
const seams = { lookup, isAddressAllowed: (ip: string, hostname: string) => hostname === NAME && ip === "127.0.0.1" };

interface Answer {
  headers: Record<string, string>;
  body: Buffer;
}
let next: Answer = { headers: {}, body: Buffer.alloc(0) };
let server: http.Server;
let origin = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const hop = /^\/hop\/(\d+)$/.exec(req.url ?? "");
    if (hop) {
      const left = Number(hop[1]);
      if (left === 0) res.writeHead(200, { "content-type": "text/plain" }).end("arrived");
      else res.writeHead(302, { location: `/hop/${String(left - 1)}` }).end();
      return;
    }
    res.writeHead(200, next.headers).end(next.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://${NAME}:${String((server.address() as AddressInfo).port)}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const encoders = {
  identity: (b: Buffer) => b,
  gzip: (b: Buffer) => zlib.gzipSync(b),
  deflate: (b: Buffer) => zlib.deflateSync(b),
  br: (b: Buffer) => zlib.brotliCompressSync(b),
} as const;
type Encoding = keyof typeof encoders;

const RUNS = { seed: 5959, numRuns: 1_000 };

describe("the body reader, whatever the page sends", () => {
  const reader = createLinkTester(seams);

  it("reads exactly the bytes sent, decoded as encoded, cut at the bytes asked for", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 4_000 }),
        fc.constantFrom<Encoding>("identity", "gzip", "deflate", "br"),
        fc.integer({ min: 1, max: 5_000 }),
        async (bytes, encoding, maxBytes) => {
          const sent = Buffer.from(bytes);
          next = {
            headers: { "content-type": "text/plain; charset=latin1", ...(encoding === "identity" ? {} : { "content-encoding": encoding }) },
            body: encoders[encoding](sent),
          };
          const read = await reader.read(`${origin}/page`, maxBytes);
          expect(read.isValid).toBe(true);
          // "latin1" is windows-1252 on the web: one character per byte, so the text is the bytes kept, one for one
          expect(read.page?.text).toBe(new TextDecoder("windows-1252").decode(sent.subarray(0, maxBytes)));
          expect(read.page?.text.length).toBe(Math.min(sent.length, maxBytes));
          expect(read.page?.cut).toBe(sent.length > maxBytes);
        },
      ),
      RUNS,
    );
  });

  it("never throws on a body that is not what its header says, nor on any charset", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 2_000 }),
        fc.constantFrom("gzip", "deflate", "br", "x-gzip", "compress", "GZIP ", ""),
        fc.oneof(fc.string({ maxLength: 300 }), fc.constantFrom("utf-16le", "shift_jis", "\u00ff", 'utf-8"; x')),
        async (bytes, encoding, charset) => {
          next = {
            headers: { "content-type": `text/html; charset=${charset.replace(/[^\x20-\x7e]/g, "")}`, "content-encoding": encoding },
            body: Buffer.from(bytes),
          };
          const read = await reader.read(`${origin}/page`, 1_000);
          if (read.isValid) {
            expect(read.page).not.toBeNull();
            expect(Buffer.byteLength(read.page!.text, "utf16le")).toBeLessThanOrEqual(2 * 2 * 1_000);
          } else expect(read.errorMessage).toMatch(/\S/);
        },
      ),
      { ...RUNS, numRuns: 300 },
    );
  });

  it("reads a charset the page names, and UTF-8 when it names one this runtime does not know", async () => {
    next = { headers: { "content-type": "text/html; charset=windows-1252" }, body: Buffer.from([0x80, 0x20, 0xe9]) };
    expect((await reader.read(`${origin}/page`, 100)).page?.text).toBe("€ é");
    next = { headers: { "content-type": 'text/html; charset="no-such-charset"' }, body: Buffer.from("Prämie", "utf8") };
    expect((await reader.read(`${origin}/page`, 100)).page?.text).toBe("Prämie");
  });
});

describe("the body's charset and encoding, as real pages write them", () => {
  const reader = createLinkTester(seams);
  const latin1 = Buffer.from("Prämie: 50 € für Freunde", "latin1");
  const asWindows1252 = new TextDecoder("windows-1252").decode(latin1);

  it.each([
    "text/html; charset=iso-8859-1",
    "text/html;charset=ISO-8859-1",
    "text/html; Charset = iso-8859-1",
    'text/html; charset="iso-8859-1"',
    'text/html; charset= "iso-8859-1"; format=flowed',
    "text/html; charset=iso-8859-1;format=flowed",
    "text/html; charset=iso-8859-1 ; q=1",
  ])("reads %j as the charset it names", async (contentType) => {
    next = { headers: { "content-type": contentType }, body: latin1 };
    const read = await reader.read(`${origin}/page`, 1_000);
    expect(read.page).toEqual({ text: asWindows1252, contentType, cut: false });
  });

  it.each(["text/html", "text/html; charset=", "text/html; charset=no-such-charset", null])("reads %j as UTF-8", async (contentType) => {
    next = { headers: contentType === null ? {} : { "content-type": contentType }, body: Buffer.from("Prämie 🎉", "utf8") };
    const read = await reader.read(`${origin}/page`, 1_000);
    expect(read.page).toEqual({ text: "Prämie 🎉", contentType, cut: false });
  });

  it.each(["gzip", "x-gzip", "GZIP", "Deflate", "BR", "\u00a0gzip\u00a0"])("decodes a body sent as %j", async (encoding) => {
    const text = "<main>Earn 60,000 points</main>".repeat(50);
    const encode = /br/i.test(encoding) ? zlib.brotliCompressSync : /deflate/i.test(encoding) ? zlib.deflateSync : zlib.gzipSync;
    next = { headers: { "content-type": "text/html", "content-encoding": encoding }, body: encode(Buffer.from(text)) };
    expect((await reader.read(`${origin}/page`, 100_000)).page?.text).toBe(text);
  });

  it("keeps a body of exactly the bytes asked for whole, and says it was not cut", async () => {
    next = { headers: { "content-type": "text/plain" }, body: Buffer.from("x".repeat(1_000)) };
    expect((await reader.read(`${origin}/page`, 1_000)).page).toEqual({ text: "x".repeat(1_000), contentType: "text/plain", cut: false });
    expect((await reader.read(`${origin}/page`, 999)).page).toEqual({ text: "x".repeat(999), contentType: "text/plain", cut: true });
  });

  it("an answer that is not 2xx is no page, and its body is not read", async () => {
    const statusServer = http.createServer((req, res) => res.writeHead(Number(req.url?.slice(1))).end("<h1>Choose one</h1>"));
    await new Promise<void>((resolve) => statusServer.listen(0, "127.0.0.1", resolve));
    const at = `http://${NAME}:${String((statusServer.address() as AddressInfo).port)}`;
    try {
      expect(await reader.read(`${at}/300`, 1_000)).toMatchObject({ isValid: false, statusCode: 300, page: null });
      expect(await reader.read(`${at}/299`, 1_000)).toMatchObject({
        isValid: true,
        statusCode: 299,
        page: { text: "<h1>Choose one</h1>" },
      });
    } finally {
      statusServer.closeAllConnections();
      statusServer.close();
    }
  });

  it("a body that is not what its encoding says fails the read with the decoder's reason and code", async () => {
    next = { headers: { "content-type": "text/html", "content-encoding": "gzip" }, body: Buffer.from("<h1>not gzip at all</h1>") };
    const read = await reader.read(`${origin}/page`, 1_000);
    expect(read).toMatchObject({
      isValid: false,
      statusCode: null,
      errorMessage: "Request failed: incorrect header check",
      errorCode: "Z_DATA_ERROR",
    });
    // a compressed body cut short in the middle
    next = { headers: { "content-type": "text/html", "content-encoding": "gzip" }, body: zlib.gzipSync("x".repeat(5_000)).subarray(0, 20) };
    expect(await reader.read(`${origin}/page`, 100_000)).toMatchObject({
      isValid: false,
      errorMessage: "Request failed: unexpected end of file",
    });
  });
});

describe("redirect hops, each in its turn at its host", () => {
  it("waits for every hop's turn, and the waits count neither against the deadline nor in the response time", async () => {
    const paced: string[] = [];
    const tester = createLinkTester({
      ...seams,
      timeoutMs: 400,
      paceHop: async (url) => {
        paced.push(new URL(url).pathname);
        await new Promise((resume) => setTimeout(resume, 250));
      },
    });
    const result = await tester.test(`${origin}/hop/3`);
    expect(paced).toEqual(["/hop/2", "/hop/1", "/hop/0"]);
    // 750 ms of waiting for turns, under a deadline of 400 ms
    expect(result).toMatchObject({ isValid: true, statusCode: 200 });
    expect(result.responseTime).toBeLessThan(400);
  });

  it("still times out when the requests themselves pass the deadline", async () => {
    const tester = createLinkTester({ ...seams, timeoutMs: 100, paceHop: () => new Promise((resume) => setTimeout(resume, 50)) });
    const slow = http.createServer(() => undefined);
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    const result = await tester.test(`http://${NAME}:${String((slow.address() as AddressInfo).port)}/`);
    slow.closeAllConnections();
    slow.close();
    expect(result).toMatchObject({ isValid: false, errorMessage: "Timed out after 100 ms" });
  });
});
