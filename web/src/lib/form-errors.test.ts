import { describe, expect, it } from "vitest";
import { z } from "@hub/contract/zod";
import { hasErrors, issueFieldErrors, toFieldErrors } from "./form-errors";

describe("toFieldErrors", () => {
  const schema = z.object({
    name: z.string().min(1, { error: "Name is required" }).max(3, { error: "Too long" }),
    email: z.email({ error: "Invalid email address" }),
  });

  it("keeps the first message of each field", () => {
    const result = schema.safeParse({ name: "", email: "nope" });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(toFieldErrors(result.error)).toEqual({ name: "Name is required", email: "Invalid email address" });
  });

  it("puts issues without a path under 'form'", () => {
    const result = z
      .string()
      .refine(() => false, { error: "Nothing to update" })
      .safeParse("x");
    if (result.success) throw new Error("expected a failure");
    expect(toFieldErrors(result.error)).toEqual({ form: "Nothing to update" });
  });

  it("files a request field's message under the form field that shows it", () => {
    const result = z
      .object({ newEmail: z.email({ error: "Invalid email address" }), notes: z.string() })
      .safeParse({ newEmail: "nope", notes: 1 });
    if (result.success) throw new Error("expected a failure");
    expect(toFieldErrors(result.error, { newEmail: "email" })).toEqual({ email: "Invalid email address", notes: expect.any(String) });
  });

  it("hasErrors ignores undefined entries", () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ name: undefined })).toBe(false);
    expect(hasErrors({ name: "Name is required" })).toBe(true);
  });
});

describe("issueFieldErrors", () => {
  const fields = ["amount", "currency", "occurredOn"] as const;

  it("puts the server's messages under the form's fields, the first per field", () => {
    const error = {
      issues: [
        { path: "occurredOn", message: "Date can be at most one day after today" },
        { path: "currency", message: "Currency is required with an amount" },
        { path: "currency", message: "second" },
      ],
    };
    expect(issueFieldErrors(error, fields)).toEqual({
      occurredOn: "Date can be at most one day after today",
      currency: "Currency is required with an amount",
    });
  });

  it("is undefined when no issue names one of the fields (the caller shows the error another way)", () => {
    expect(issueFieldErrors({ issues: [{ path: "", message: "Invalid request" }] }, fields)).toBeUndefined();
    expect(issueFieldErrors(new Error("500: Not built yet"), fields)).toBeUndefined();
  });
});
