import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dnsHostOf, paceKeyOf } from "./dns-host";

describe("a host as DNS reads it", () => {
  it.each([
    ["https://Hooks.Slack.COM./services/x", "hooks.slack.com"],
    ["https://bücher.example/", "xn--bcher-kva.example"],
    ["https://[::1]:8443/", "::1"],
    ["https://bank.example:444/x", "bank.example"],
    ["https://a..b/", null],
    ["https://localhost../", null],
    ["not a url", null],
    ["https://./x", null],
    ["mailto:someone@bank.example", null],
    ["https://[2001:db8::1]/", "2001:db8::1"],
  ])("%s is %s", (url, host) => {
    expect(dnsHostOf(url)).toBe(host);
  });

  it("reads a parsed URL as it reads its text", () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.constantFrom("", "."), (raw, dot) => {
        const url = new URL(raw);
        url.hostname = `${url.hostname}${dot}`;
        expect(dnsHostOf(url)).toBe(dnsHostOf(url.href));
        expect(dnsHostOf(url)).not.toMatch(/^\[|\.$/);
      }),
      { seed: 5959, numRuns: 1_000 },
    );
  });
});

describe("the pace a request takes", () => {
  it.each([
    ["https://www.bank.example/terms", "bank.example"],
    ["https://bank.example./refer", "bank.example"],
    ["https://SECURE.chase.co.uk/", "chase.co.uk"],
    ["https://a.github.io/x", "a.github.io"],
    ["https://b.github.io/x", "b.github.io"],
    ["http://127.0.0.1:8080/", "127.0.0.1"],
    ["http://host3.fixture.referral-hub.test:12112/terms/x", "host3.fixture.referral-hub.test"],
    ["::not a url::", "::not a url::"],
    ["https://-promo.bank.example/refer", "bank.example"],
    ["https://offers*.bank.example/refer", "bank.example"],
    ["https://a!b.bank.example/", "bank.example"],
  ])("%s is paced as %s", (url, key) => {
    expect(paceKeyOf(url)).toBe(key);
  });

  it("one bank's hosts share one pace, whatever their case or trailing dot", () => {
    fc.assert(
      fc.property(fc.constantFrom("", "www.", "secure.", "WWW."), fc.constantFrom("", "."), fc.webPath(), (sub, dot, path) => {
        expect(paceKeyOf(`https://${sub}bank.example${dot}${path}`)).toBe("bank.example");
      }),
      { seed: 5959, numRuns: 1_000 },
    );
  });
});
