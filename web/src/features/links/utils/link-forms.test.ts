import { describe, expect, it } from "vitest";
import { INVALID_TEXT_MESSAGE } from "@hub/contract/common";
import {
  PROGRAM_DETAILS_REQUIRED,
  validateEditLinkForm,
  validateOwnLinkForm as validateMemberLinkForm,
  validateSubmitLinkForm,
  type SubmitLinkFormValues,
} from "./link-forms";

describe("validateMemberLinkForm (dashboard dialog)", () => {
  it("gives the dialog's messages", () => {
    const result = validateMemberLinkForm({ programId: null, link: "not a url", description: "  " });
    expect(result).toEqual({
      ok: false,
      errors: { programId: "Program is required", link: "Invalid URL", description: "Offer details are required" },
    });
  });

  it("refuses a non-http URL", () => {
    const result = validateMemberLinkForm({ programId: "p1", link: "javascript:alert(1)", description: "Bonus" });
    expect(result).toEqual({ ok: false, errors: { link: "Invalid URL" } });
  });

  it("shows text the server could not store (a lone surrogate, e.g. from a bad paste) under its field", () => {
    const result = validateMemberLinkForm({ programId: "p1", link: "https://ex.com/r/\ud800", description: "100 points \udc00" });
    expect(result).toEqual({ ok: false, errors: { link: INVALID_TEXT_MESSAGE, description: INVALID_TEXT_MESSAGE } });
  });

  it("returns the trimmed request body", () => {
    const result = validateMemberLinkForm({ programId: "p1", link: " https://ex.com/r/1 ", description: " 100 points " });
    expect(result).toEqual({ ok: true, value: { programId: "p1", link: "https://ex.com/r/1", description: "100 points" } });
  });
});

describe("validateEditLinkForm", () => {
  const original = { link: "https://ex.com/a", description: "Old offer", isDead: false };

  it("validates both fields", () => {
    expect(validateEditLinkForm(original, { link: "ftp://x", description: "" })).toEqual({
      ok: false,
      errors: { link: "Invalid URL", description: "Offer details are required" },
    });
  });

  it("sends only what changed, so editing the offer does not put the link back into review", () => {
    expect(validateEditLinkForm(original, { link: "https://ex.com/a", description: "New offer" })).toEqual({
      ok: true,
      value: { description: "New offer" },
    });
    expect(validateEditLinkForm(original, { link: "https://ex.com/b", description: "Old offer" })).toEqual({
      ok: true,
      value: { link: "https://ex.com/b" },
    });
  });

  it("has nothing to send when nothing changed", () => {
    expect(validateEditLinkForm(original, { link: " https://ex.com/a ", description: "Old offer" })).toEqual({ ok: true, value: null });
  });

  it("always re-sends the URL of a dead link", () => {
    expect(validateEditLinkForm({ ...original, isDead: true }, { link: "https://ex.com/a", description: "Old offer" })).toEqual({
      ok: true,
      value: { link: "https://ex.com/a" },
    });
  });
});

describe("validateSubmitLinkForm (/submit)", () => {
  const valid: SubmitLinkFormValues = {
    name: "Ada",
    email: "Ada@Example.com",
    link: "https://bank.example/ref/ada",
    description: "$200 bonus",
    program: { kind: "existing", programId: "p1" },
    newProgram: { name: "", description: "", fallbackUrl: "" },
  };

  it("gives the contract's messages for every field", () => {
    const result = validateSubmitLinkForm({ ...valid, name: " ", email: "nope", link: "bank.example", description: "", program: null });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: "Name is required",
        email: "Invalid email address",
        link: "Invalid URL",
        description: "Offer details are required",
        programId: "Please select a program",
      },
    });
  });

  it("plans a link for an existing program", () => {
    expect(validateSubmitLinkForm(valid)).toEqual({
      ok: true,
      value: {
        link: { name: "Ada", email: "ada@example.com", link: "https://bank.example/ref/ada", description: "$200 bonus" },
        program: { kind: "existing", programId: "p1" },
      },
    });
  });

  it("asks for program details when 'Create New Program' is chosen with nothing filled in", () => {
    const result = validateSubmitLinkForm({ ...valid, program: { kind: "create" } });
    expect(result).toEqual({ ok: false, errors: { newProgram: PROGRAM_DETAILS_REQUIRED } });
    expect(PROGRAM_DETAILS_REQUIRED).toBe("Program details are required when creating a new program");
  });

  it("needs a new program's name and a valid fallback URL", () => {
    const result = validateSubmitLinkForm({
      ...valid,
      program: { kind: "create" },
      newProgram: { name: " ", description: "A bank", fallbackUrl: "bank.example" },
    });
    expect(result).toEqual({
      ok: false,
      errors: { newProgramName: "Program name is required", newProgramFallbackUrl: "Invalid URL" },
    });
  });

  it("plans the program first, leaving empty optional fields out", () => {
    const result = validateSubmitLinkForm({
      ...valid,
      program: { kind: "create" },
      newProgram: { name: " New Bank ", description: "", fallbackUrl: "" },
    });
    expect(result).toMatchObject({ ok: true, value: { program: { kind: "create", request: { name: "New Bank" } } } });
    if (result.ok && result.value.program.kind === "create") expect(Object.keys(result.value.program.request)).toEqual(["name"]);
  });

  it("reports link and new-program errors together", () => {
    const result = validateSubmitLinkForm({ ...valid, link: "", program: { kind: "create" } });
    expect(result).toEqual({ ok: false, errors: { link: "Invalid URL", newProgram: PROGRAM_DETAILS_REQUIRED } });
  });
});
