import { describe, expect, it } from "vitest";
import { buildSupportMailto } from "./support-mailto";

describe("buildSupportMailto", () => {
  it("addresses support with a prefilled subject and body, spaces as %20", () => {
    const link = buildSupportMailto("help@example.org");
    expect(link.startsWith("mailto:help@example.org?subject=")).toBe(true);
    expect(link).not.toContain("+");
    const params = new URLSearchParams(link.slice(link.indexOf("?") + 1));
    expect(params.get("subject")).toContain("subscription");
    expect(params.get("body")).toContain("no active subscription was found");
  });
});
