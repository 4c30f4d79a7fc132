import { lookup as dnsLookup } from "node:dns";
import type { LookupFunction } from "node:net";
import { isPublicAddress, type LinkTesterOptions } from "./link-tester";

/**
 * Emulator only: the local suite has no internet, so one made-up "public" host name and its
 * subdomains (`host3.fixture.referral-hub.test`: banks of their own, each paced apart) resolve to its
 * fixture web server on loopback, letting tests check a working link end to end. Loopback by any
 * other name, and every other non-public address, is still refused as in production.
 */
export function emulatorFixtureOptions(fixtureHost: string | undefined): LinkTesterOptions {
  if (!fixtureHost) return {};
  const isFixture = (hostname: string) => hostname === fixtureHost || hostname.endsWith(`.${fixtureHost}`);
  const lookup = ((hostname: string, options: object, callback: (...args: unknown[]) => void) => {
    if (isFixture(hostname)) callback(null, [{ address: "127.0.0.1", family: 4 }]);
    else dnsLookup(hostname, options, callback as never);
  }) as LookupFunction;
  return {
    lookup,
    isAddressAllowed: (ip, hostname) => isPublicAddress(ip) || (isFixture(hostname) && ip === "127.0.0.1"),
  };
}
