import { lookup as dnsLookup } from "node:dns";
import type { LookupFunction } from "node:net";
import { isPublicAddress, type LinkTesterOptions } from "./link-tester";

/**
 * Emulator only: the local suite has no internet, so one made-up "public" host name resolves to
 * its fixture web server on loopback, letting tests check a working link end to end. Loopback by
 * any other name, and every other non-public address, is still refused as in production.
 */
export function emulatorFixtureOptions(fixtureHost: string | undefined): LinkTesterOptions {
  if (!fixtureHost) return {};
  const lookup = ((hostname: string, options: object, callback: (...args: unknown[]) => void) => {
    if (hostname === fixtureHost) callback(null, [{ address: "127.0.0.1", family: 4 }]);
    else dnsLookup(hostname, options, callback as never);
  }) as LookupFunction;
  return {
    lookup,
    isAddressAllowed: (ip, hostname) => isPublicAddress(ip) || (hostname === fixtureHost && ip === "127.0.0.1"),
  };
}
