import { describe, expect, it } from "vitest";
import { initialSubmitterDetails, parseSubmitterDetails, serializeSubmitterDetails } from "./submitter-details";

describe("submitter details in browser storage", () => {
  it("round-trips name and e-mail", () => {
    const stored = serializeSubmitterDetails({ name: " Ada ", email: "ada@example.com " });
    expect(parseSubmitterDetails(stored)).toEqual({ name: "Ada", email: "ada@example.com" });
  });

  it.each([null, "", "not json", "{}", '{"name":1,"email":"a@b.c"}', "[]"])("treats %j as nothing stored", (stored) => {
    expect(parseSubmitterDetails(stored)).toBeNull();
  });
});

describe("initialSubmitterDetails", () => {
  const member = { email: "member@example.com", displayName: "Member", isAdmin: false };
  const admin = { email: "admin@example.com", displayName: null, isAdmin: true };
  const remembered = { name: "Remembered", email: "someone@example.com" };

  it("uses the remembered name but the member's own e-mail", () => {
    expect(initialSubmitterDetails(member, remembered)).toEqual({ name: "Remembered", email: "member@example.com" });
  });

  it("gives an admin the remembered e-mail back", () => {
    expect(initialSubmitterDetails(admin, remembered)).toEqual(remembered);
  });

  it("falls back to the session's display name and e-mail", () => {
    expect(initialSubmitterDetails(member, null)).toEqual({ name: "Member", email: "member@example.com" });
    expect(initialSubmitterDetails(admin, null)).toEqual({ name: "", email: "admin@example.com" });
  });
});
