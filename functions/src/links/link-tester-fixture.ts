import { lookup as dnsLookup } from "node:dns";
import type { LookupFunction } from "node:net";
import { isPublicAddress, type LinkTesterOptions } from "./link-tester";

/**
 * Emulator only: the local suite has no internet, so one made-up "public" host name and its
 * subdomains (`host3.fixture.referral-hub.test`: banks of their own, each paced apart), and the
 * webhook services' names, resolve to its fixture web server on loopback, letting tests check a
 * working link, a terms page and a webhook's delivery end to end. Loopback by any
 * other name, and every other non-public address, is still refused as in production.
 */
/** The webhook services the local suite stands in for (the contract's *Terms watch and alerts*): emulator only. */
export const STAND_IN_WEBHOOK_HOSTS = ["discord.com", "discordapp.com", "hooks.slack.com"] as const;

/** The local suite's made-up public hosts: the fixture's name, its subdomains, and the webhook services it stands in for. */
export function isFixtureHost(fixtureHost: string, hostname: string): boolean {
  return (
    hostname === fixtureHost || hostname.endsWith(`.${fixtureHost}`) || (STAND_IN_WEBHOOK_HOSTS as readonly string[]).includes(hostname)
  );
}

export function emulatorFixtureOptions(fixtureHost: string | undefined): LinkTesterOptions {
  if (!fixtureHost) return {};
  const isFixture = (hostname: string) => isFixtureHost(fixtureHost, hostname);
  const lookup = ((hostname: string, options: object, callback: (...args: unknown[]) => void) => {
    if (isFixture(hostname)) callback(null, [{ address: "127.0.0.1", family: 4 }]);
    else dnsLookup(hostname, options, callback as never);
  }) as LookupFunction;
  return {
    lookup,
    isAddressAllowed: (ip, hostname) => isPublicAddress(ip) || (isFixture(hostname) && ip === "127.0.0.1"),
  };
}
