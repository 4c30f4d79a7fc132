import { describe, expect, it } from "vitest";
import { addressForCounting, inRanges, parseRanges, truncatedAddress, truncatedStoredAddress } from "./ip-prefix";

describe("addressForCounting", () => {
  it("keeps an IPv4 address whole", () => {
    expect(addressForCounting("203.0.113.7")).toBe("203.0.113.7");
  });
  it("counts an IPv6 address by its /64: every address of one household is one", () => {
    expect(addressForCounting("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressForCounting("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressForCounting("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
  });
  it("is null for what is not an address", () => {
    expect(addressForCounting("unknown")).toBeNull();
  });
});

describe("truncatedAddress", () => {
  it("keeps an IPv4 address's /24 and an IPv6 address's /48", () => {
    expect(truncatedAddress("203.0.113.7")).toBe("203.0.113.0/24");
    expect(truncatedAddress("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1::/48");
  });
});

describe("truncatedStoredAddress", () => {
  it.each([
    ["203.0.113.7", "203.0.113.0/24"],
    ["203.0.113.0/24", "203.0.113.0/24"],
    ["203.0.0.0/16", "203.0.0.0/16"],
    ["203.0.113.7/32", "203.0.113.0/24"],
    ["2001:db8:1:2::5", "2001:db8:1::/48"],
    ["2001:db8:1:2::/64", "2001:db8:1::/48"],
    ["2001:db8:1::/48", "2001:db8:1::/48"],
    ["nonsense", null],
    ["203.0.113", null],
    ["3405803783", null],
    ["1.2.3.4/99", null],
  ])("%s is kept as %s", (stored, kept) => {
    expect(truncatedStoredAddress(stored)).toBe(kept);
  });
});

describe("ranges", () => {
  const ranges = parseRanges("151.101.0.0/16, 2a04:4e42::/32");
  it("knows an address inside a range, of either family", () => {
    expect(inRanges("151.101.65.195", ranges)).toBe(true);
    expect(inRanges("2a04:4e42:3::1", ranges)).toBe(true);
  });
  it("and one outside", () => {
    expect(inRanges("151.102.0.1", ranges)).toBe(false);
    expect(inRanges("2a04:4e41::1", ranges)).toBe(false);
    expect(inRanges("not an address", ranges)).toBe(false);
  });
  it("refuses a range that does not parse", () => {
    expect(() => parseRanges("151.101.0.0/16, 10.0.0/8")).toThrow();
  });
});
