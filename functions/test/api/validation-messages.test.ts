import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../../../testing/http";
import { resetEmulators } from "../../../testing/emulators";
import { createProgramAs, signInActors } from "../../../testing/actors";

/** Each validation message the contract's schemas give, from the server, word for word. */
let admin: string;
let alice: string;
let programId: string;

beforeAll(async () => {
  await resetEmulators();
  ({ admin, alice } = await signInActors());
  programId = (await createProgramAs(admin, "Chase")).id;
});

const good = () => ({ programId, name: "Alice", email: "active@example.com", link: "https://refer.example.com/a", description: "Offer" });

describe("link submission", () => {
  it.each([
    ["name missing", { name: "" }, "Name is required"],
    ["bad e-mail", { email: "nope" }, "Invalid email address"],
    ["relative URL", { link: "/ref" }, "Invalid URL"],
    ["javascript: URL", { link: "javascript:alert(1)" }, "Invalid URL"],
    ["data: URL", { link: "data:text/html,hi" }, "Invalid URL"],
    ["mailto: URL", { link: "mailto:a@example.com" }, "Invalid URL"],
    ["no offer details", { description: "  " }, "Offer details are required"],
    ["no program", { programId: "" }, "Please select a program"],
  ])("POST /api/links with %s → '%s'", async (_case, change, message) => {
    const res = await call("POST", "/api/links", { idToken: alice, body: { ...good(), ...change } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION");
    expect(res.body.message).toBe(message);
  });

  it("the member dashboard's form says 'Program is required'", async () => {
    const res = await call("POST", "/api/user/links", { idToken: alice, body: { link: "https://x.example/", description: "d" } });
    expect(res.body.message).toBe("Program is required");
  });

  it("a new program needs a name and a valid fallback URL", async () => {
    expect((await call("POST", "/api/programs", { idToken: alice, body: { name: "" } })).body.message).toBe("Program name is required");
    expect(
      (await call("POST", "/api/programs", { idToken: alice, body: { name: "X", fallbackUrl: "javascript:alert(1)" } })).body.message,
    ).toBe("Invalid URL");
    expect((await call("PATCH", `/api/programs/${programId}`, { idToken: admin, body: { fallbackUrl: "ftp://x" } })).body.message).toBe(
      "Invalid URL",
    );
  });
});

describe("bulk operation", () => {
  it.each([
    ["no ids", { ids: [], op: "approve" }, "At least one link ID is required"],
    ["ids missing", { op: "approve" }, "At least one link ID is required"],
    ["101 ids", { ids: Array.from({ length: 101 }, (_, i) => `id${i}`), op: "approve" }, "Maximum 100 links can be processed at once"],
    ["no operation", { ids: ["a"] }, "Operation is required"],
    ["unknown operation", { ids: ["a"], op: "delete" }, "Operation must be 'approve', 'pause', 'mark-dead', or 'test'"],
    ["long dead note", { ids: ["a"], op: "mark-dead", deadNote: "x".repeat(501) }, "Dead note must be 500 characters or less"],
  ])("%s → '%s'", async (_case, body, message) => {
    const res = await call("PATCH", "/api/links/bulk", { idToken: admin, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("a dead note of exactly 500 characters is accepted", async () => {
    const res = await call("PATCH", "/api/links/bulk", {
      idToken: admin,
      body: { ids: ["missing"], op: "mark-dead", deadNote: "x".repeat(500) },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 0, failed: [{ id: "missing", message: "Link not found" }], notNotified: [] });
  });

  it("mark-dead's note is limited to 500 characters too", async () => {
    const res = await call("POST", "/api/links/any/mark-dead", { idToken: admin, body: { note: "x".repeat(501) } });
    expect(res.body.message).toBe("Dead note must be 500 characters or less");
  });
});
