import { describe, expect, it } from "vitest";
import { buildSupportMailto } from "./support-mailto";

const community = { name: "Points Collective", joinUrl: "https://points.example.org/join", supportEmail: "help@example.org" };

describe("buildSupportMailto", () => {
  it("addresses the community's support with a prefilled subject and body, spaces as %20", () => {
    const link = buildSupportMailto(community);
    expect(link.startsWith("mailto:help@example.org?subject=")).toBe(true);
    expect(link).not.toContain("+");
    const params = new URLSearchParams(link.slice(link.indexOf("?") + 1));
    expect(params.get("subject")).toBe("Points Collective Referral Hub: no active subscription found");
    expect(params.get("body")).toContain("I tried to log in to the Points Collective Referral Hub");
    expect(params.get("body")).toContain("no active subscription was found");
  });
});
