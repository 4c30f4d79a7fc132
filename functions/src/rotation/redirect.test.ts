import { describe, expect, it } from "vitest";
import { rotationPath } from "@hub/contract/routes";
import { shortRotationPath } from "@hub/contract/slugs";
import { programIdOf, slugOf } from "./redirect";

describe("the rotation address a request names", () => {
  it("is the contract's, whether Hosting or the function's own URL passes it", () => {
    expect(programIdOf(rotationPath("prog-1"))).toBe("prog-1");
    expect(programIdOf("/programs/prog-1/redirect")).toBe("prog-1");
    expect(programIdOf("/api/programs/prog-1/redirect/")).toBe("prog-1");
  });

  it("names no program for any other path or a malformed id", () => {
    expect(programIdOf("/api/programs/prog-1/redirect/more")).toBeNull();
    expect(programIdOf("/api/programs/prog-1")).toBeNull();
    expect(programIdOf("/api/programs//redirect")).toBeNull();
    expect(programIdOf(rotationPath("a b"))).toBeNull();
    expect(programIdOf(shortRotationPath("chase-gold"))).toBeNull();
  });
});

describe("the short address a request names", () => {
  it("is /r/{slug}, lower-cased, with or without a trailing slash", () => {
    expect(slugOf(shortRotationPath("chase-gold"))).toBe("chase-gold");
    expect(slugOf("/r/Chase-Gold")).toBe("chase-gold");
    expect(slugOf("/r/CHASE-GOLD/")).toBe("chase-gold");
    // a percent-encoded letter is the letter
    expect(slugOf("/r/chase%2Dgold")).toBe("chase-gold");
  });

  it.each([
    "/r/",
    "/r",
    "/r/ab",
    "/r/chase--gold",
    "/r/-chase",
    "/r/chase_gold",
    `/r/${"x".repeat(61)}`,
    "/r/chase-gold/more",
    "/api/r/chase-gold",
    "/r/%FF",
    "/r/ok%ED%A0%80",
    "/r/caf%C3%A9",
    "/r/chase%20gold",
  ])("names no slug in %s", (path) => {
    expect(slugOf(path)).toBeNull();
  });
});
