import { describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "./api-client";
import { errorText, errorTextWithRetry, waitText } from "./error-text";

vi.mock("./firebase", () => ({ auth: { currentUser: null } }));

describe("errorTextWithRetry", () => {
  const limited = (retryAfterSeconds?: number) =>
    new ApiRequestError({ status: 429, detail: "Too many tests of this link", code: "RATE_LIMITED", retryAfterSeconds });

  it("adds when the call may be made again", () => {
    expect(errorTextWithRetry(limited(720), "test it again")).toBe(
      "429: Too many tests of this link. You can test it again in 12 minutes.",
    );
    expect(errorTextWithRetry(limited(1))).toBe("429: Too many tests of this link. You can try again in 1 second.");
  });

  it("is the plain error text without a Retry-After", () => {
    expect(errorTextWithRetry(limited())).toBe(errorText(limited()));
    expect(errorTextWithRetry(new Error("offline"))).toBe("offline");
  });
});

describe("waitText", () => {
  it.each([
    [0, "1 second"],
    [40, "40 seconds"],
    [60, "1 minute"],
    [61, "2 minutes"],
    [3599, "60 minutes"],
    [7200, "2 hours"],
    [7201, "3 hours"],
  ])("%i s is %s", (seconds, text) => {
    expect(waitText(seconds)).toBe(text);
  });
});
