/**
 * Link tester behind `POST /api/admin/test-referral-link/{id}` (docs/openapi.json; docs/architecture.md, *What the hub does*: the link test).
 *
 * What it does, for one URL:
 * - Only `http:` and `https:` URLs. Anything else (javascript:, ftp:, not a URL) is an invalid result.
 * - A real GET request from the server. Only the status line and headers are read: the body is never
 *   downloaded (the response is destroyed as soon as its headers arrive). GET rather than HEAD because
 *   many sites answer HEAD differently (405, 404) from what a browser sees.
 * - Redirects (301, 302, 303, 307, 308 with a Location header) are followed by hand, at most
 *   `maxRedirects` (5) of them; relative Locations are resolved against the current URL. One more
 *   redirect than that gives `Too many redirects`.
 * - One deadline for the whole chain, `timeoutMs` (10 s): `Timed out after 10 seconds`.
 * - Non-public addresses are refused WITHOUT CONNECTING, at every hop:
 *   - an IP literal in the URL (`http://127.0.0.1/`, `http://[::ffff:127.0.0.1]/`,
 *     `http://169.254.169.254/`, also `http://2130706433/`, which the URL parser turns into 127.0.0.1)
 *     is checked before any socket is opened;
 *   - a host name is resolved through a guarded `lookup` handed to the socket itself, so the address
 *     that is checked is exactly the address that is connected to (no gap for DNS rebinding between
 *     a check and the connect). If any address a name resolves to is not public, the hop is refused.
 *   Classification is `ipaddr.js`'s `range()`: only `unicast` is public (IPv4-mapped IPv6 is judged by
 *   its IPv4 address). Everything else — loopback, private, linkLocal (169.254/16 with the metadata
 *   server, fe80::/10), uniqueLocal (fc00::/7), multicast, unspecified (0.0.0.0/8, ::), broadcast,
 *   carrierGradeNat (100.64/10), reserved (240/4, documentation and benchmark ranges), and the IPv6
 *   forms that embed an IPv4 address (NAT64 64:ff9b::/96, 6to4, Teredo, IPv4-compatible ::/96) — is
 *   refused.
 * - It never throws: every failure is `{ isValid: false, errorMessage }`.
 *
 * isValid is true only when the final status is 2xx. 401, 403, 405 and 429 are still invalid (the
 * tester cannot tell a dead page from one behind a bot wall), but their message says that the site
 * may block automated checks, and `describeLinkTest` words them as "Could not verify" rather than
 * "Broken", so an admin knows to open the link in a browser before marking it dead.
 */
import http from "node:http";
import https from "node:https";
import dns from "node:dns";
import net, { type LookupFunction } from "node:net";
import zlib from "node:zlib";
import ipaddr from "ipaddr.js";
import { dnsHostOf } from "../platform/http/dns-host";

export type { LinkTester, LinkTestValidation, PageRead, PageReader, WebhookPost, WebhookPoster } from "../platform/deps";
import type { LinkTester, LinkTestValidation, PageRead, PageReader, WebhookPost, WebhookPoster } from "../platform/deps";

export interface LinkTesterOptions {
  /** Deadline for the whole test, redirects included. Default 10 000. */
  timeoutMs?: number;
  /** Redirects followed at most. Default 5. */
  maxRedirects?: number;
  /** Test seam: replaces `dns.lookup` (same signature; it is always called with `all: true`). */
  lookup?: LookupFunction;
  /**
   * Test seam: replaces `isPublicAddress`. Called for every address before a connection is made, with
   * the host name it came from (the IP literal itself when the URL holds one).
   */
  isAddressAllowed?: (ip: string, hostname: string) => boolean;
  /** Test seam: a millisecond clock for `responseTime`. Default `performance.now()`. */
  now?: () => number;
  /**
   * Waits for the turn of a redirect's next hop at its host (platform/host-turns: every hop takes its
   * turn, as the first request's caller takes the first). The wait counts neither against the
   * deadline nor in `responseTime`. Default: none.
   */
  paceHop?: (url: string) => Promise<void>;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_REDIRECTS = 5;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Statuses that anti-bot layers (Cloudflare, Akamai, ...) commonly give to automated requests. */
const MAYBE_BLOCKED_STATUSES: ReadonlySet<number | null> = new Set([401, 403, 405, 429]);
const BLOCKED_HINT = "the site may block automated checks; open the link in a browser to confirm";

const REQUEST_HEADERS = {
  "user-agent": "Mozilla/5.0 (compatible; ReferralHubLinkTester/1.0)",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-language": "en;q=0.9,*;q=0.5",
};

/** IPv4-compatible IPv6 (deprecated, ::a.b.c.d), which ipaddr.js classifies as unicast. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96");

/** True when `ip` is a public unicast address (see the module comment for what is refused). */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let addr: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(ip);
  if (addr.kind() === "ipv6") {
    const v6 = addr as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) addr = v6.toIPv4Address();
    else if (v6.match(IPV4_COMPATIBLE)) return false;
  }
  return addr.range() === "unicast";
}

/**
 * Whether a webhook may be sent to `raw` (the alerts channel): https only, to a host that is not an
 * address outside the public internet (an IP literal is checked here; a name, where it resolves at
 * connect time). `plainHttpAllowed` names the hosts the local suite reaches over plain http (none in
 * a deploy).
 */
export function isAllowedWebhookUrl(raw: string, plainHttpAllowed?: (hostname: string) => boolean): boolean {
  if (!URL.canParse(raw)) return false;
  const url = new URL(raw);
  // the host as DNS reads it: `localhost.` and `LOCALHOST` are localhost, and `a..b` is no host
  const host = dnsHostOf(url);
  if (host === null || url.username || url.password) return false;
  if (url.protocol === "http:" && plainHttpAllowed?.(host)) return true;
  if (url.protocol !== "https:") return false;
  if (net.isIP(host) !== 0) return isPublicAddress(host);
  return host.includes(".") && !/(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/.test(host);
}

class RefusedAddressError extends Error {
  constructor(ip: string, hostname?: string) {
    super(`Refused: address ${ip} is not public${hostname ? ` (resolved from ${hostname})` : ""}`);
  }
}

class LinkTestFailure extends Error {
  constructor(
    message: string,
    readonly statusCode: number | null = null,
  ) {
    super(message);
  }
}

function formatTimeout(ms: number): string {
  if (ms % 1000 === 0) {
    const s = ms / 1000;
    return `Timed out after ${s} second${s === 1 ? "" : "s"}`;
  }
  return `Timed out after ${ms} ms`;
}

function statusText(status: number): string {
  const reason = http.STATUS_CODES[status];
  return reason ? `HTTP ${status} ${reason}` : `HTTP ${status}`;
}

/** A URL's hostname without the brackets of an IPv6 address (the only hostname that starts with one). */
function stripBrackets(hostname: string): string {
  return hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
}

function parseHttpUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new LinkTestFailure(base ? `Redirect to an invalid URL: ${raw}` : "Not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    const what = base ? "Redirect to an unsupported URL scheme" : "Unsupported URL scheme";
    throw new LinkTestFailure(`${what} "${url.protocol}": only http and https links can be tested`);
  }
  return url;
}

const TLS_ERROR_CODES = new Set([
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "ERR_TLS_CERT_ALTNAME_INVALID",
  "CERT_REVOKED",
]);

/** The code link health classifies by: Node's, or REFUSED_ADDRESS for a refused address. */
function errorCodeOf(err: unknown): string | undefined {
  if (err instanceof RefusedAddressError) return "REFUSED_ADDRESS";
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === "string" && code !== "" ? code : undefined;
}

/** Turns a network error into a short sentence for an admin. */
function describeNetworkError(err: unknown, hostname: string): string {
  if (err instanceof RefusedAddressError || err instanceof LinkTestFailure) return err.message;
  const e = err as NodeJS.ErrnoException | undefined;
  const code = e?.code ?? "";
  switch (code) {
    case "ENOTFOUND":
    case "EAI_NONAME":
    case "EAI_NODATA":
      return `DNS lookup failed: ${hostname} not found`;
    case "EAI_AGAIN":
      return `DNS lookup failed: temporary failure resolving ${hostname}`;
    case "ECONNREFUSED":
      return `Connection refused by ${hostname}`;
    case "ECONNRESET":
      return `Connection reset by ${hostname}`;
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return `Host ${hostname} is unreachable`;
    case "ETIMEDOUT":
      return `Connection to ${hostname} timed out`;
    case "HPE_INVALID_CONSTANT":
    case "HPE_INVALID_STATUS":
    case "HPE_INVALID_HEADER_TOKEN":
      return `Invalid HTTP response from ${hostname}`;
  }
  if (TLS_ERROR_CODES.has(code) || code.startsWith("ERR_TLS") || code.startsWith("ERR_SSL")) {
    return `TLS certificate error: ${e?.message ?? code}`;
  }
  const message = e?.message || String(err);
  return `Request failed: ${message}`;
}

/** Human-readable result, stored in the link's `testedOffer`. */
export function describeLinkTest(v: LinkTestValidation): string {
  if (v.isValid) {
    return v.statusCode !== null ? `Working (HTTP ${v.statusCode} in ${v.responseTime} ms)` : `Working (${v.responseTime} ms)`;
  }
  const reason = v.errorMessage ?? (v.statusCode !== null ? statusText(v.statusCode) : "unknown error");
  if (MAYBE_BLOCKED_STATUSES.has(v.statusCode)) return `Could not verify: ${reason}`;
  return `Broken: ${reason}`;
}

/** A JSON body to POST instead of the GET (a webhook's delivery). */
interface Sending {
  headers: Record<string, string>;
  body: string;
}

export function createLinkTester(options: LinkTesterOptions = {}): LinkTester & PageReader & WebhookPoster {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  if (!(timeoutMs > 0)) throw new RangeError("timeoutMs must be positive");
  if (!(maxRedirects >= 0)) throw new RangeError("maxRedirects must not be negative");
  const baseLookup: LookupFunction = options.lookup ?? (dns.lookup as unknown as LookupFunction);
  const isAllowed = options.isAddressAllowed ?? ((ip: string) => isPublicAddress(ip));
  const now = options.now ?? (() => performance.now());
  const paceHop = options.paceHop;

  /**
   * One GET; resolves with the status and Location once headers arrive and, when `maxBytes` is given
   * and the answer is 2xx, its body decoded (gzip, deflate, br) and cut at `maxBytes`; otherwise the
   * body is never read.
   */
  function requestOnce(url: URL, signal: AbortSignal, maxBytes?: number, sending?: Sending): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const host = stripBrackets(url.hostname);
      if (net.isIP(host) !== 0 && !isAllowed(host, host)) {
        reject(new RefusedAddressError(host));
        return;
      }
      let refusal: RefusedAddressError | null = null;
      // The socket resolves the name through this, and connects only to what it hands back.
      const guardedLookup: LookupFunction = (hostname, lookupOptions, callback) => {
        const fail = (err: NodeJS.ErrnoException) => callback(err, "", 0);
        baseLookup(hostname, { ...lookupOptions, all: true }, (err, result, family) => {
          if (err) {
            fail(err);
            return;
          }
          const addresses: dns.LookupAddress[] = Array.isArray(result) ? result : [{ address: result, family: family ?? net.isIP(result) }];
          const first = addresses[0];
          if (!first) {
            const notFound: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
            notFound.code = "ENOTFOUND";
            fail(notFound);
            return;
          }
          const bad = addresses.find((a) => !isAllowed(a.address, hostname));
          if (bad) {
            refusal = new RefusedAddressError(bad.address, hostname);
            fail(refusal);
            return;
          }
          if (lookupOptions.all) callback(null, addresses);
          else callback(null, first.address, first.family);
        });
      };

      const transport = url.protocol === "https:" ? https : http;
      let req: http.ClientRequest;
      try {
        req = transport.request({
          protocol: url.protocol,
          hostname: host,
          port: url.port || undefined,
          path: `${url.pathname}${url.search}`,
          method: sending ? "POST" : "GET",
          headers: sending
            ? {
                "user-agent": REQUEST_HEADERS["user-agent"],
                "content-type": "application/json",
                ...sending.headers,
                "content-length": String(Buffer.byteLength(sending.body)),
              }
            : maxBytes === undefined
              ? REQUEST_HEADERS
              : { ...REQUEST_HEADERS, "accept-encoding": "gzip, deflate, br" },
          agent: false, // a fresh socket: no pooled connection to reuse without the checks
          lookup: guardedLookup,
          signal,
        });
      } catch (err) {
        reject(err);
        return;
      }
      req.once("response", (res) => {
        const statusCode = res.statusCode ?? 0;
        const answer = {
          statusCode,
          location: res.headers.location,
          contentType: res.headers["content-type"] ?? null,
          retryAfter: res.headers["retry-after"] ?? null,
        };
        // the answer is final: Node hands a 1xx to "information" (or "upgrade"), never here
        if (maxBytes === undefined || statusCode >= 300) {
          resolve(answer);
          res.destroy();
          req.destroy();
          return;
        }
        readBody(res, maxBytes).then(
          (body) => resolve({ ...answer, ...body }),
          (err: unknown) => reject(err),
        );
      });
      req.once("error", (err) => reject(refusal ?? err));
      req.end(sending?.body);
    });
  }

  /** The test of `rawUrl`, and, with `maxBytes`, the body of its final 2xx answer. */
  async function fetchChecked(rawUrl: string, maxBytes?: number): Promise<PageRead> {
    const start = now();
    let pausedMs = 0;
    const elapsed = () => Math.max(0, Math.ceil(now() - start - pausedMs));
    const state: { url: URL | null; statusCode: number | null; page: PageRead["page"] } = { url: null, statusCode: null, page: null };
    const result = (isValid: boolean, errorMessage: string | null, errorCode?: string): PageRead => ({
      isValid,
      responseTime: elapsed(),
      errorMessage,
      statusCode: state.statusCode,
      finalUrl: state.url?.href ?? null,
      ...(errorCode ? { errorCode } : {}),
      page: state.page,
    });

    // one deadline for the chain, stopped while a hop waits for its turn at a host
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let leftMs = timeoutMs;
    let armedAt = 0;
    let expire: () => void = () => undefined;
    const arm = () => {
      armedAt = Date.now();
      timer = setTimeout(expire, Math.max(0, leftMs));
    };
    const deadline = new Promise<PageRead>((resolve) => {
      expire = () => {
        controller.abort();
        resolve(result(false, formatTimeout(timeoutMs)));
      };
      arm();
    });
    const waitForTurn = async (url: URL) => {
      if (!paceHop) return;
      clearTimeout(timer);
      leftMs -= Date.now() - armedAt;
      const waitStart = now();
      try {
        await paceHop(url.href);
      } finally {
        pausedMs += now() - waitStart;
        arm(); // nothing aborts during the wait: the deadline's timer is stopped
      }
    };

    const run = async (): Promise<PageRead> => {
      let url = parseHttpUrl(typeof rawUrl === "string" ? rawUrl.trim() : "");
      state.url = url;
      for (let redirects = 0; ; redirects++) {
        const { statusCode, location, contentType, body, cut } = await requestOnce(url, controller.signal, maxBytes);
        state.statusCode = statusCode;
        if (body !== undefined) state.page = { text: decodeText(body, contentType), contentType, cut: cut === true };
        if (REDIRECT_STATUSES.has(statusCode) && location) {
          if (redirects >= maxRedirects) return result(false, "Too many redirects");
          url = parseHttpUrl(location, url);
          state.url = url;
          state.statusCode = null;
          await waitForTurn(url);
          continue;
        }
        if (statusCode < 300) return result(true, null); // 2xx: a final answer is never 1xx (requestOnce)
        let message = statusText(statusCode);
        if (REDIRECT_STATUSES.has(statusCode)) message += " without a Location header";
        else if (MAYBE_BLOCKED_STATUSES.has(statusCode)) message += ` (${BLOCKED_HINT})`;
        return result(false, message);
      }
    };

    try {
      return await Promise.race([
        // after the deadline's abort, the deadline has answered the race already
        run().catch((err: unknown) => {
          const hostname = state.url ? stripBrackets(state.url.hostname) : "the host";
          return result(false, describeNetworkError(err, hostname), errorCodeOf(err));
        }),
        deadline,
      ]);
    } catch (err) {
      // Not expected (everything above is caught), but the tester must never throw.
      return result(false, `Request failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  }

  /**
   * One POST of a webhook's body under the same address rules (checked at connect time), within the
   * same deadline; a redirect is not followed (it is the answer), and no answer body is read.
   */
  async function post(rawUrl: string, headers: Record<string, string>, body: string): Promise<WebhookPost> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const url = parseHttpUrl(rawUrl.trim());
      const answer = await requestOnce(url, controller.signal, undefined, { headers, body });
      return { status: answer.statusCode, retryAfter: answer.retryAfter ?? null, error: null };
    } catch (err) {
      const error = controller.signal.aborted ? formatTimeout(timeoutMs) : describeNetworkError(err, "the host");
      return { status: null, retryAfter: null, error, ...(errorCodeOf(err) ? { errorCode: errorCodeOf(err) } : {}) };
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  }

  return {
    test: async (url) => {
      const { page: _none, ...validation } = await fetchChecked(url);
      return validation;
    },
    read: (url, maxBytes) => fetchChecked(url, maxBytes),
    post,
  };
}

/** What one request answered. */
interface Answer {
  statusCode: number;
  location: string | undefined;
  contentType: string | null;
  /** The decoded body (2xx, when asked for), at most the bytes asked for. */
  body?: Buffer;
  /** The body went on beyond them. */
  cut?: boolean;
  /** Its Retry-After header, as sent. */
  retryAfter?: string | null;
}

/** The answer's body, decoded as its Content-Encoding says, up to `maxBytes` decoded bytes (then cut, not failed). */
function readBody(res: http.IncomingMessage, maxBytes: number): Promise<{ body: Buffer; cut: boolean }> {
  const encoding = res.headers["content-encoding"]?.trim().toLowerCase();
  const decoder =
    encoding === "gzip" || encoding === "x-gzip"
      ? zlib.createGunzip()
      : encoding === "deflate"
        ? zlib.createInflate()
        : encoding === "br"
          ? zlib.createBrotliDecompress()
          : null;
  const stream: NodeJS.ReadableStream = decoder ? res.pipe(decoder) : res;
  // settled once: a promise ignores what comes after (a chunk already on its way, the end of a cut body)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (cut: boolean) => {
      resolve({ body: Buffer.concat(chunks).subarray(0, maxBytes), cut });
      res.destroy();
      decoder?.destroy();
    };
    stream.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > maxBytes) finish(true);
    });
    stream.once("end", () => finish(false));
    stream.once("error", reject);
  });
}

/** The body as text, in the charset its Content-Type names (UTF-8 when none, or one this runtime does not know). */
function decodeText(body: Buffer, contentType: string | null): string {
  // no charset named: TextDecoder's own default, UTF-8
  const charset = contentType?.match(/charset\s*=\s*"?([^";\s]+)/i)?.[1];
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}
