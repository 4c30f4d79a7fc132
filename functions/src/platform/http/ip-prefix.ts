import ipaddr from "ipaddr.js";

/**
 * What is kept of a client address, by purpose (docs/architecture.md, *Honest counts*). Inputs are canonical
 * addresses as `clientIp` gives them (IPv4-mapped IPv6 already as IPv4); anything else gives null.
 */

/** Parsed CIDR ranges, e.g. Hosting's CDN (config `HOSTING_CDN_RANGES`). */
export type AddressRanges = readonly (readonly [ipaddr.IPv4 | ipaddr.IPv6, number])[];

/** Comma- or space-separated CIDRs; throws on one that does not parse, so a typo in configuration is seen at once. */
export function parseRanges(text: string): AddressRanges {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((cidr) => {
      const address = cidr.slice(0, cidr.indexOf("/"));
      // ipaddr reads "10.0.0" as an address (inet_aton's shorthand): only the plain forms are ranges here
      if (!isPlainAddress(address)) throw new Error(`not a CIDR range: ${cidr}`);
      return ipaddr.parseCIDR(cidr);
    });
}

/** A dotted quad or an IPv6 address: ipaddr.js also reads inet_aton's shorthands ("10.0.0", "2130706433"), which are no address here. */
const isPlainAddress = (text: string): boolean => ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);

/** Whether `ip` (a plain address) lies in one of the ranges. */
export function inRanges(ip: string, ranges: AddressRanges): boolean {
  if (!isPlainAddress(ip)) return false;
  const address = ipaddr.parse(ip);
  return ranges.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
}

/** The network of `ip` at `v4Bits` or `v6Bits`, or null when `ip` is not a plain address. */
function network(ip: string, v4Bits: number, v6Bits: number): { address: string; bits: number } | null {
  if (!isPlainAddress(ip)) return null;
  const parsed = ipaddr.parse(ip);
  const bits = parsed.kind() === "ipv4" ? v4Bits : v6Bits;
  const address =
    parsed.kind() === "ipv4"
      ? ipaddr.IPv4.networkAddressFromCIDR(`${ip}/${String(bits)}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${ip}/${String(bits)}`);
  return { address: address.toString(), bits };
}

/**
 * The address as the per-address counting rule knows it: an IPv4 address whole, an IPv6 address by
 * its /64 (one household or phone gets a /64 or more, so any finer key would let one of them pose as
 * billions of visitors).
 */
export function addressForCounting(ip: string): string | null {
  const net = network(ip, 32, 64);
  return net && (net.bits === 32 ? net.address : `${net.address}/64`);
}

/** The address as records keep it: its /24 (IPv4) or /48 (IPv6), written with the prefix length. */
export function truncatedAddress(ip: string): string | null {
  const net = network(ip, 24, 48);
  return net && `${net.address}/${String(net.bits)}`;
}

/**
 * A stored address made safe to keep: one already truncated as far (`a.b.c.0/24`, `x:y:z::/48`) or
 * further stays as it is; a whole address, or a finer range, is truncated; anything else gives null.
 */
export function truncatedStoredAddress(stored: string): string | null {
  if (!stored.includes("/")) return truncatedAddress(stored);
  try {
    const [range, bits] = ipaddr.parseCIDR(stored);
    const limit = range.kind() === "ipv4" ? 24 : 48;
    return bits <= limit ? `${range.toString()}/${String(bits)}` : truncatedAddress(range.toString());
  } catch {
    return null;
  }
}
