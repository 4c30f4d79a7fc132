import http from "node:http";
import type { AddressInfo, LookupFunction } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createLinkTester, type LinkTesterOptions } from "./link-tester";

/*
 * One deadline for a link's whole chain of redirects, stopped while a hop waits for its turn at a
 * host; the response time an admin reads. The clock and timers are fake: a stand-in resolver "takes"
 * the time a request takes by moving the clock on, so a test says exactly how long each step took.
 */

const NAME = "bank.example.test";
const answerLocal = (options: { all?: boolean }, callback: Parameters<LookupFunction>[2]) => {
  if (options.all) callback(null, [{ address: "127.0.0.1", family: 4 }]);
  else callback(null, "127.0.0.1", 4);
};
/** A resolver for which each lookup takes `ms` (the whole request's time, here). */
const takingMs =
  (ms: number): LookupFunction =>
  (_hostname, options, callback) =>
    setImmediate(() => {
      vi.advanceTimersByTime(ms);
      answerLocal(options, callback);
    });
const onlyLocal = (ip: string, hostname: string) => ip === "127.0.0.1" && hostname === NAME;

let server: http.Server;
let origin = "";
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const hops = /^\/hops\/(\d+)$/.exec(req.url ?? "");
    const left = hops ? Number(hops[1]) : 0;
    if (left === 0) res.writeHead(200, { "content-type": "text/plain" }).end("arrived");
    else res.writeHead(302, { location: `/hops/${String(left - 1)}` }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://${NAME}:${String((server.address() as AddressInfo).port)}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A tester on the fake clock, whose every hop waits `paceMs` for its turn. */
function tester(options: LinkTesterOptions & { paceMs?: number }) {
  const paced: string[] = [];
  const { paceMs, ...rest } = options;
  const t = createLinkTester({
    isAddressAllowed: onlyLocal,
    now: () => Date.now(),
    ...(paceMs === undefined
      ? {}
      : {
          paceHop: (url: string) => {
            paced.push(new URL(url).pathname);
            vi.advanceTimersByTime(paceMs);
            return Promise.resolve();
          },
        }),
    ...rest,
  });
  return { t, paced };
}

/** Starts `run` and reports whether it has settled, without waiting for it. */
function started<T>(run: Promise<T>) {
  const state: { settled: boolean; value?: T } = { settled: false };
  void run.then((value) => Object.assign(state, { settled: true, value }));
  return state;
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("the deadline of a link's chain", () => {
  it("counts every request of the chain, and none of the waits for a host's turn", async () => {
    const { t, paced } = tester({ timeoutMs: 1_000, lookup: takingMs(300), paceMs: 10_000 });
    const v = await t.test(`${origin}/hops/2`);
    expect(paced).toEqual(["/hops/1", "/hops/0"]);
    // three requests of 300 ms, and 20 s of waiting for turns, under a deadline of 1 s
    expect(v).toMatchObject({ isValid: true, statusCode: 200, responseTime: 900, finalUrl: `${origin}/hops/0` });
  });

  it("times out when the requests together pass it, however the waits split them", async () => {
    const { t } = tester({ timeoutMs: 1_000, lookup: takingMs(300), paceMs: 10_000 });
    const v = await t.test(`${origin}/hops/3`);
    expect(v).toMatchObject({ isValid: false, errorMessage: "Timed out after 1 second", responseTime: 1_000, statusCode: null });
    expect(v.finalUrl).toBe(`${origin}/hops/0`);
    expect(v).not.toHaveProperty("errorCode");
  });

  it("runs again after a wait: a hop that never answers after its turn still times out", async () => {
    let lookups = 0;
    const firstOnly: LookupFunction = (_h, options, callback) => {
      if (lookups++ === 0) setImmediate(() => answerLocal(options, callback));
    };
    const { t, paced } = tester({ timeoutMs: 2_000, lookup: firstOnly, paceMs: 5_000 });
    const run = started(t.test(`${origin}/hops/1`));
    for (let i = 0; i < 50 && paced.length === 0; i++) await settle();
    expect(paced).toEqual(["/hops/0"]);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(run.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(run.settled).toBe(true);
    expect(run.value).toMatchObject({ isValid: false, errorMessage: "Timed out after 2 seconds", responseTime: 2_000 });
  });

  it.each([
    [1_000, "Timed out after 1 second"],
    [3_000, "Timed out after 3 seconds"],
    [1_500, "Timed out after 1500 ms"],
    [250, "Timed out after 250 ms"],
  ])("a deadline of %i ms is worded %j", async (timeoutMs, message) => {
    const { t } = tester({ timeoutMs, lookup: () => undefined });
    const run = started(t.test(`${origin}/offer`));
    await vi.advanceTimersByTimeAsync(timeoutMs);
    await settle();
    expect(run.value).toMatchObject({ isValid: false, errorMessage: message, responseTime: timeoutMs });
  });

  it("a page read keeps the same deadline", async () => {
    const { t } = tester({ timeoutMs: 1_000, lookup: takingMs(600), paceMs: 60_000 });
    expect(await t.read(`${origin}/hops/0`, 1_000)).toMatchObject({ isValid: true, responseTime: 600, page: { text: "arrived" } });
    expect(await t.read(`${origin}/hops/1`, 1_000)).toMatchObject({ isValid: false, errorMessage: "Timed out after 1 second", page: null });
  });

  it("leaves no timer running once it has answered", async () => {
    const { t } = tester({ timeoutMs: 5_000, lookup: takingMs(10), paceMs: 100 });
    expect((await t.test(`${origin}/hops/2`)).isValid).toBe(true);
    expect((await t.read(`${origin}/hops/0`, 100)).isValid).toBe(true);
    expect((await t.test("ftp://bank.example.test/")).isValid).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("must be a positive time, and the redirects followed no negative count", () => {
    for (const timeoutMs of [0, -1, Number.NaN])
      expect(() => createLinkTester({ timeoutMs })).toThrow(new RangeError("timeoutMs must be positive"));
    for (const maxRedirects of [-1, Number.NaN])
      expect(() => createLinkTester({ maxRedirects })).toThrow(new RangeError("maxRedirects must not be negative"));
    expect(() => createLinkTester({ timeoutMs: 1, maxRedirects: 0 })).not.toThrow();
  });
});

describe("the response time an admin reads", () => {
  it("is whole milliseconds, rounded up, and never negative on a clock that steps back", async () => {
    const ticks = (values: number[]) => () => values.shift() ?? 0;
    const up = createLinkTester({ isAddressAllowed: onlyLocal, lookup: takingMs(0), now: ticks([1_000, 1_312.2]) });
    expect((await up.test(`${origin}/hops/0`)).responseTime).toBe(313);
    const back = createLinkTester({ isAddressAllowed: onlyLocal, lookup: takingMs(0), now: ticks([1_000, 900]) });
    expect((await back.test(`${origin}/hops/0`)).responseTime).toBe(0);
  });

  it("is measured by the runtime's clock when none is given", async () => {
    const v = await createLinkTester({ isAddressAllowed: onlyLocal, lookup: takingMs(0) }).test(`${origin}/hops/0`);
    expect(Number.isInteger(v.responseTime) && v.responseTime >= 0).toBe(true);
  });
});

describe("a wait for a turn that fails", () => {
  it("ends the test with the failure, never an exception", async () => {
    const failing = (reason: unknown) =>
      createLinkTester({ isAddressAllowed: onlyLocal, lookup: takingMs(0), paceHop: () => Promise.reject(reason) });
    const v = await failing(new Error("pacing store unavailable")).test(`${origin}/hops/1`);
    expect(v).toMatchObject({
      isValid: false,
      errorMessage: "Request failed: pacing store unavailable",
      finalUrl: `${origin}/hops/0`,
      statusCode: null,
    });
    expect(v).not.toHaveProperty("errorCode");
    expect(await failing(Object.assign(new Error("quota"), { code: "RESOURCE_EXHAUSTED" })).test(`${origin}/hops/1`)).toMatchObject({
      errorMessage: "Request failed: quota",
      errorCode: "RESOURCE_EXHAUSTED",
    });
    // a rejection without any reason, and one that cannot even be put into words
    const bare = await failing(undefined).test(`${origin}/hops/1`);
    expect(bare).toMatchObject({ isValid: false, errorMessage: "Request failed: undefined" });
    expect(bare).not.toHaveProperty("errorCode");
    const unspeakable = await failing(Object.create(null)).test(`${origin}/hops/1`);
    expect(unspeakable).toMatchObject({ isValid: false, errorMessage: "Request failed: Cannot convert object to primitive value" });
  });
});
