import { describe, expect, it } from "vitest";
import { rotationPath } from "@hub/contract/routes";
import { programIdOf } from "./redirect";

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
  });
});
