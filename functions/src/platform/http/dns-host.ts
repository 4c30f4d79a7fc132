import { getDomain } from "tldts";

/*
 * A host name as DNS reads it (the contract's *Delivery*: "lower-cased, a trailing dot removed,
 * IDNA"), and the registrable domain the hub paces its requests by (*Watch*: `www.bank.example` and
 * `bank.example` share one pace). The URL parser already lower-cases and IDNA-encodes the host of an
 * http(s) address; what it keeps is the root's trailing dot, which names the same host.
 */

/** The host of an http(s) address as DNS reads it, or null when it names none (not a URL, an empty label). */
export function dnsHostOf(raw: string | URL): string | null {
  let url: URL;
  try {
    url = new URL(raw); // a URL is read again from its href, to the same host
  } catch {
    return null;
  }
  // an IPv6 address, the only hostname that starts with a bracket
  if (url.hostname.startsWith("[")) return url.hostname.slice(1, -1);
  const host = url.hostname.endsWith(".") ? url.hostname.slice(0, -1) : url.hostname;
  if (host.split(".").includes("")) return null; // an empty host too: "".split(".") is [""]
  return host;
}

/**
 * The name the hub paces a host by: its registrable domain under the public suffix list, private
 * suffixes included (so `a.github.io` and `b.github.io` are two sites), or the host itself when it has
 * none (an address, `localhost`, a name under no known suffix); the address as written when it is no URL.
 */
export function paceKeyOf(raw: string): string {
  const host = dnsHostOf(raw);
  if (host === null) return raw;
  // `.test` is reserved for testing (RFC 6761) and never on the internet: the local suite's made-up
  // banks (`host3.fixture.referral-hub.test`) are sites of their own, as a private suffix's are
  if (host.endsWith(".test")) return host;
  return getDomain(host, { allowPrivateDomains: true, extractHostname: false }) ?? host;
}
