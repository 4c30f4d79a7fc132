import { describe, expect, it } from "vitest";
import { LINK_MESSAGES } from "@hub/contract/links";
import { DUPLICATE_PROGRAM_TOAST, isDuplicateProgramError } from "./duplicate-link";

// Shaped like ApiRequestError (message "{status}: {message}" and the body's code), without loading Firebase.
function apiError(status: number, message: string, code: string): Error {
  return Object.assign(new Error(`${String(status)}: ${message}`), { status, code });
}

describe("isDuplicateProgramError", () => {
  it("recognises the server's duplicate answer by code or by message", () => {
    expect(isDuplicateProgramError(apiError(409, LINK_MESSAGES.duplicateProgram, "DUPLICATE_PROGRAM_LINK"))).toBe(true);
    expect(isDuplicateProgramError(new Error("409: You already have a link for this program"))).toBe(true);
  });

  it("leaves other failures alone", () => {
    expect(isDuplicateProgramError(apiError(403, "Forbidden", "FORBIDDEN"))).toBe(false);
    expect(isDuplicateProgramError("already")).toBe(false);
    expect(isDuplicateProgramError(null)).toBe(false);
  });
});

describe("DUPLICATE_PROGRAM_TOAST", () => {
  it("reads as its fixed text", () => {
    expect(`${DUPLICATE_PROGRAM_TOAST.title}: ${DUPLICATE_PROGRAM_TOAST.description}`).toBe(LINK_MESSAGES.duplicateProgramToast);
    expect(DUPLICATE_PROGRAM_TOAST.variant).toBe("destructive");
  });
});
