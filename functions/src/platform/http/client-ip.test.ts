import { describe, expect, it, vi } from "vitest";
import { DEFAULT_HOSTING_CDN_RANGES } from "../config";
import { clientIp, clientIpFromHeader, type ClientIpSettings } from "./client-ip";
import { parseRanges } from "./ip-prefix";

/**
 * The shapes the caller's address arrives in. Neither emulator adds X-Forwarded-For, so these are the
 * production shapes written out (sources in docs/deploy.md, 'Client address behind Hosting'):
 * - a direct call to the function's URL: Google's front end appends the address it saw,
 *   `X-Forwarded-For: <whatever the client sent>, <client>`;
 * - a call through Firebase Hosting: Fastly appends the client, then Google's front end appends the
 *   Fastly edge it saw, `X-Forwarded-For: <whatever the client sent>, <client>, <Fastly edge>`, and
 *   Fastly also sends `Fastly-Client-IP: <client>`.
 */
const request = (headers: Record<string, string>) => ({
  get: (name: string) => headers[name.toLowerCase()],
});
const DIRECT: ClientIpSettings = { header: "x-forwarded-for", trustedHops: 1 };
const CDN = parseRanges(DEFAULT_HOSTING_CDN_RANGES);
const HOSTING: ClientIpSettings = { header: "x-forwarded-for", trustedHops: 2, cdnRanges: CDN };
const CLIENT = "203.0.113.7";
const OTHER_CLIENT = "198.51.100.23";
const FASTLY_EDGE = "151.101.65.195";

describe("clientIp", () => {
  it("a direct call: the entry Google's front end appended, the last one", () => {
    expect(clientIp(request({ "x-forwarded-for": CLIENT }), DIRECT)).toBe(CLIENT);
  });

  it("a call through Hosting: the entry Fastly appended, second from the right", () => {
    expect(clientIp(request({ "x-forwarded-for": `${CLIENT}, ${FASTLY_EDGE}`, "fastly-client-ip": CLIENT }), HOSTING)).toBe(CLIENT);
  });

  it("through Hosting, counting one hop would key every caller on the Fastly edge (the old behaviour)", () => {
    const viaEdge = (client: string) => request({ "x-forwarded-for": `${client}, ${FASTLY_EDGE}` });
    expect(clientIp(viaEdge(CLIENT), DIRECT)).toBe(clientIp(viaEdge(OTHER_CLIENT), DIRECT));
    expect(clientIp(viaEdge(CLIENT), HOSTING)).not.toBe(clientIp(viaEdge(OTHER_CLIENT), HOSTING));
  });

  it("ignores what the client wrote further left: spoofed entries buy no new address", () => {
    expect(clientIp(request({ "x-forwarded-for": `10.0.0.1, 8.8.8.8, ${CLIENT}` }), DIRECT)).toBe(CLIENT);
    expect(clientIp(request({ "x-forwarded-for": `1.1.1.1, ${OTHER_CLIENT}, ${CLIENT}, ${FASTLY_EDGE}` }), HOSTING)).toBe(CLIENT);
    expect(clientIp(request({ "x-forwarded-for": `not-an-ip, , ${CLIENT}, ${FASTLY_EDGE}` }), HOSTING)).toBe(CLIENT);
  });

  it("reads Fastly-Client-IP when configured to (one entry: one trusted hop)", () => {
    expect(
      clientIp(request({ "x-forwarded-for": `${CLIENT}, ${FASTLY_EDGE}`, "fastly-client-ip": CLIENT }), {
        header: "fastly-client-ip",
        trustedHops: 1,
      }),
    ).toBe(CLIENT);
  });

  it("is null when the header is missing, as in both emulators", () => {
    expect(clientIp(request({}), DIRECT)).toBeNull();
    expect(clientIp(request({}), HOSTING)).toBeNull();
    expect(clientIp(request({ "x-forwarded-for": "" }), DIRECT)).toBeNull();
  });

  it("a direct call to a deploy set up for Hosting: the one entry Google's front end wrote", () => {
    expect(clientIp(request({ "x-forwarded-for": CLIENT }), HOSTING)).toBe(CLIENT);
  });

  it("a direct call with made-up entries is not believed: the rightmost entry, which Google's front end wrote", () => {
    // the client wrote "198.51.100.23" itself; without a CDN address right of it, it is not Hosting's
    for (let i = 1; i <= 5; i++)
      expect(clientIp(request({ "x-forwarded-for": `198.51.100.${String(i)}, ${CLIENT}` }), HOSTING)).toBe(CLIENT);
    // nor does writing a CDN address itself help: Google's front end still appends the real one
    expect(clientIp(request({ "x-forwarded-for": `${OTHER_CLIENT}, ${FASTLY_EDGE}, ${CLIENT}` }), HOSTING)).toBe(CLIENT);
  });

  it("believes the hop only when the entry to its right is in the configured CDN ranges", () => {
    const via = (edge: string) => request({ "x-forwarded-for": `${CLIENT}, ${edge}` });
    expect(clientIp(via("2a04:4e42:200::323"), HOSTING)).toBe(CLIENT);
    expect(clientIp(via("151.102.0.1"), HOSTING)).toBe("151.102.0.1");
    expect(clientIp(via(FASTLY_EDGE), { ...HOSTING, cdnRanges: [] })).toBe(FASTLY_EDGE);
  });

  it.each([
    "unknown",
    "1.2.3.4:8080",
    "[2001:db8::1]",
    "fe80::1%eth0",
    "192.0.2.1/24",
    "0x7f.0.0.1",
    "2130706433",
    "01.2.3.4",
    "1.2.3",
    "::ffff:1.2.3",
  ])("is null for %s: not a plain address", (entry) => {
    expect(clientIp(request({ "x-forwarded-for": entry }), DIRECT)).toBeNull();
    expect(clientIp(request({ "x-forwarded-for": `${entry}, ${FASTLY_EDGE}` }), HOSTING)).toBeNull();
    expect(clientIp(request({ "x-forwarded-for": `${CLIENT}, ${entry}` }), HOSTING)).toBeNull();
  });

  it("is null for trusted hops below 1 or not whole", () => {
    for (const trustedHops of [0, -1, 1.5, Number.NaN]) expect(clientIpFromHeader(CLIENT, trustedHops)).toBeNull();
  });

  it("gives one spelling per address, so one client has one key", () => {
    expect(clientIpFromHeader("2001:DB8:0:0::1", 1)).toBe("2001:db8::1");
    expect(clientIpFromHeader(`::ffff:${CLIENT}`, 1)).toBe(CLIENT);
    expect(clientIpFromHeader("2001:db8::1", 1)).toBe("2001:db8::1");
  });
});

describe("the deploy check", () => {
  it("logs the forwarding headers once per instance, with what the settings made of them", async () => {
    vi.resetModules();
    const { logger } = await import("firebase-functions");
    const info = vi.spyOn(logger, "info").mockImplementation(() => undefined);
    const fresh = await import("./client-ip");
    fresh.clientIp(
      request({ "x-forwarded-for": `${CLIENT}, ${FASTLY_EDGE}`, "fastly-client-ip": CLIENT, "x-forwarded-host": "hub.example.com" }),
      HOSTING,
    );
    fresh.clientIp(request({ "x-forwarded-for": OTHER_CLIENT }), HOSTING);
    expect(info).toHaveBeenCalledTimes(1);
    expect(info.mock.calls[0]![1]).toEqual({
      headers: expect.objectContaining({
        "x-forwarded-for": `${CLIENT}, ${FASTLY_EDGE}`,
        "fastly-client-ip": CLIENT,
        "x-forwarded-host": "hub.example.com",
        forwarded: null,
      }),
      settings: { header: "x-forwarded-for", trustedHops: 2, cdnRanges: CDN.length },
      resolvedClientIp: CLIENT,
    });
    info.mockRestore();
  });
});

describe("the local suite's CDN ranges", () => {
  it("are the deploy's default (the functions emulator asks for every param, so the .env repeats it)", async () => {
    const { readFileSync } = await import("node:fs");
    const { parseEnv } = await import("node:util");
    const env = parseEnv(readFileSync(`${__dirname}/../../../.env.demo-referral-hub`, "utf8"));
    expect(env.HOSTING_CDN_RANGES).toBe(DEFAULT_HOSTING_CDN_RANGES);
  });
});
