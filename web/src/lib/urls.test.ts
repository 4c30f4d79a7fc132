import { describe, expect, it } from "vitest";
import { absoluteUrl } from "./urls";

describe("absoluteUrl", () => {
  it("resolves a path against the origin and keeps a full address", () => {
    expect(absoluteUrl("/api/programs/p1/redirect", "https://hub.example")).toBe("https://hub.example/api/programs/p1/redirect");
    expect(absoluteUrl("https://other.example/x", "https://hub.example")).toBe("https://other.example/x");
  });
});
