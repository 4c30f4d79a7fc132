import { logger } from "firebase-functions";
import ipaddr from "ipaddr.js";
import { inRanges, type AddressRanges } from "./ip-prefix";

/**
 * Where the caller's address is read from: a header (CLIENT_IP_HEADER) and how many entries at its
 * right end were written by proxies we trust (CLIENT_IP_TRUSTED_HOPS). See docs/deploy.md, 'Client
 * address behind Hosting', for the shapes a direct call and a call through Firebase Hosting arrive in.
 */
/** What is read of the request: its headers (an express Request is one). */
interface Headers {
  get(name: string): string | undefined;
}

export interface ClientIpSettings {
  /** Lower-case header name, e.g. "x-forwarded-for" (a list) or "fastly-client-ip" (one address). */
  header: string;
  /** The address is this many entries from the right: 1 is the last one. Below 1, none is trusted. */
  trustedHops: number;
  /**
   * Hosting's CDN (Fastly's published ranges, config HOSTING_CDN_RANGES). With more than one trusted
   * hop, the entry `trustedHops` from the right is believed only when the entry to its right is one of
   * these addresses, i.e. the request really came through Hosting.
   */
  cdnRanges?: AddressRanges;
}

/**
 * The caller's address, or null when none can be trusted. Each proxy in front of the function appends
 * the address it saw to X-Forwarded-For; entries further left are whatever the client chose to send.
 * Behind Hosting (two hops: Fastly appends the client, Google's front end appends the Fastly edge) the
 * client is the entry `trustedHops` from the right, but only when the entry to its right is an
 * address of Hosting's CDN: a direct call to the function's own URL can carry any entries the client
 * wrote, so there the rightmost entry, which Google's front end wrote, is the client. Missing header
 * or an entry that is not a plain IPv4/IPv6 address: null, never a guess (a shared "unknown" bucket,
 * or the socket's peer, which on Cloud Run is Google's proxy, would put every caller in one bucket).
 */
export function clientIp(req: Headers, settings: ClientIpSettings): string | null {
  const ip = clientIpFromHeader(req.get(settings.header), settings.trustedHops, settings.cdnRanges ?? []);
  logHeaderChainOnce(req, settings, ip);
  return ip;
}

export function clientIpFromHeader(value: string | undefined, trustedHops: number, cdnRanges: AddressRanges = []): string | null {
  if (value === undefined || !Number.isInteger(trustedHops) || trustedHops < 1) return null;
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  const trusted = entries.length - trustedHops;
  // the configured hop only when the request came through the CDN; else the rightmost entry
  const throughCdn = trustedHops === 1 || (trusted >= 0 && inRanges(entries[trusted + 1]!, cdnRanges));
  return plainIp(throughCdn ? entries[trusted]! : entries.at(-1)!);
}

/** A bare address in its canonical form (IPv4-mapped IPv6 as IPv4), or null: no ports, zones, ranges or brackets. */
function plainIp(text: string): string | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text).toString();
  if (text.includes("%") || !ipaddr.IPv6.isValid(text)) return null;
  const ip = ipaddr.IPv6.parse(text);
  return ip.isIPv4MappedAddress() ? ip.toIPv4Address().toString() : ip.toString();
}

/**
 * Deploy check: the first time an instance reads a client address, it logs the headers proxies set
 * and what the settings made of them, so the operator can confirm CLIENT_IP_HEADER and
 * CLIENT_IP_TRUSTED_HOPS against a request of their own (docs/deploy.md). Once per instance: one address in
 * the logs, not one per request.
 */
let headerChainLogged = false;
const FORWARDING_HEADERS = [
  "x-forwarded-for",
  "fastly-client-ip",
  "forwarded",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-appengine-user-ip",
];
function logHeaderChainOnce(req: Headers, settings: ClientIpSettings, resolved: string | null): void {
  if (headerChainLogged) return;
  headerChainLogged = true;
  const headers = Object.fromEntries(FORWARDING_HEADERS.map((name) => [name, req.get(name)?.slice(0, 300) ?? null]));
  logger.info("client address headers (first request of this instance)", {
    headers,
    settings: { header: settings.header, trustedHops: settings.trustedHops, cdnRanges: settings.cdnRanges?.length ?? 0 },
    resolvedClientIp: resolved,
  });
}
