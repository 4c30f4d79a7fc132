import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/api-client";
import { sessionRefusalOf } from "./session-refusal";

const apiError = (status: number, code?: string) => new ApiRequestError({ status, detail: "x", code });

describe("which refusals end a session", () => {
  it("a blocked account and a lapsed subscription", () => {
    expect(sessionRefusalOf(apiError(403, "BLOCKED"))).toBe("BLOCKED");
    expect(sessionRefusalOf(apiError(403, "NO_ACTIVE_SUBSCRIPTION"))).toBe("NO_ACTIVE_SUBSCRIPTION");
  });

  it("not a member on an admin route, a missing token, or anything else", () => {
    expect(sessionRefusalOf(apiError(403, "FORBIDDEN"))).toBeNull();
    expect(sessionRefusalOf(apiError(401, "UNAUTHENTICATED"))).toBeNull();
    expect(sessionRefusalOf(apiError(403, "REGISTRATION_CLOSED"))).toBeNull();
    expect(sessionRefusalOf(apiError(403))).toBeNull();
    expect(sessionRefusalOf(new Error("403: Your account has been blocked"))).toBeNull();
    expect(sessionRefusalOf(null)).toBeNull();
  });
});
