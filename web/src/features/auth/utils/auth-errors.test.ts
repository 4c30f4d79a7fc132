import { describe, expect, it } from "vitest";
import { MESSAGES } from "@hub/contract/errors";
import { errorText as errorMessage } from "@/lib/error-text";
import { isNoActiveSubscriptionError, toAuthError } from "./auth-errors";

describe("isNoActiveSubscriptionError", () => {
  it.each([
    ["the API's message", new Error("403: No active subscription found for this email address"), true],
    ["the error code in the message", new Error("403: NO_ACTIVE_SUBSCRIPTION"), true],
    ["the error code property", Object.assign(new Error("403: Forbidden"), { code: "NO_ACTIVE_SUBSCRIPTION" }), true],
    ["a lower-case message", new Error("no active subscription"), true],
    ["a blocked user", new Error("403: Your account has been blocked"), false],
    ["an expired link", new Error("401: Login link expired"), false],
    ["a non-error", undefined, false],
  ])("%s → %s", (_case, error, expected) => {
    expect(isNoActiveSubscriptionError(error)).toBe(expected);
  });
});

describe("toAuthError", () => {
  const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

  it.each(["auth/invalid-credential", "auth/wrong-password", "auth/user-not-found", "auth/invalid-email"])(
    "turns %s into the invalid-credentials message",
    (code) => {
      expect(toAuthError(firebaseError(code)).message).toBe(MESSAGES.invalidCredentials);
    },
  );

  it("gives unknown Firebase Auth errors a general sentence", () => {
    expect(toAuthError(firebaseError("auth/internal-error")).message).toBe("Authentication failed. Please try again.");
  });

  it("leaves other errors as they are", () => {
    const apiError = Object.assign(new Error("403: Your account has been blocked"), { code: "BLOCKED" });
    expect(toAuthError(apiError)).toBe(apiError);
    expect(toAuthError("plain").message).toBe("plain");
  });
});

describe("errorMessage", () => {
  it("reads errors and strings, and has a fallback", () => {
    expect(errorMessage(new Error("500: Internal server error"))).toBe("500: Internal server error");
    expect(errorMessage("text")).toBe("text");
    expect(errorMessage({})).toBe("Something went wrong");
  });
});
