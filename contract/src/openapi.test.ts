import { describe, expect, it } from "vitest";
import { buildOpenApi, errorCodesOf, openApiPath } from "./openapi";
import { ROUTE_ERRORS } from "./route-errors";
import { API } from "./routes";

describe("errorCodesOf", () => {
  it("is only INTERNAL for a public route that reads nothing", () => {
    expect(errorCodesOf("getActiveAnnouncement")).toEqual(["INTERNAL"]);
  });

  it("adds the guard's, the path parameter's and the body's refusals, then the handler's", () => {
    expect(errorCodesOf("moveLink")).toEqual([
      "VALIDATION",
      "BAD_REQUEST",
      "UNAUTHENTICATED",
      "FORBIDDEN",
      "NO_ACTIVE_SUBSCRIPTION",
      "BLOCKED",
      "NOT_FOUND",
      "DUPLICATE_PROGRAM_LINK",
      "OFFER_ENDED",
      "PAYLOAD_TOO_LARGE",
      "UNSUPPORTED_MEDIA_TYPE",
      "INTERNAL",
    ]);
  });

  it("gives a member route no FORBIDDEN of the guard's", () => {
    expect(errorCodesOf("listOwnLinks")).toEqual(["UNAUTHENTICATED", "NO_ACTIVE_SUBSCRIPTION", "BLOCKED", "INTERNAL"]);
  });

  it("names only routes of the table in ROUTE_ERRORS", () => {
    for (const name of Object.keys(ROUTE_ERRORS)) expect(API).toHaveProperty(name);
  });
});

describe("buildOpenApi", () => {
  it("is the same document every time", () => {
    expect(JSON.stringify(buildOpenApi())).toBe(JSON.stringify(buildOpenApi()));
  });

  it("writes Express paths with OpenAPI's parameters", () => {
    expect(openApiPath("/admin/check-subscription/:username")).toBe("/admin/check-subscription/{username}");
    expect(Object.keys(buildOpenApi().paths)).toContain("/links/{id}/approve");
  });

  it("reads a request as a client sends it and an answer as the server writes it", () => {
    const { components } = buildOpenApi();
    // strict objects refuse unknown fields on the way in
    expect(components.schemas.CreateLinkRequest).toMatchObject({ type: "object", additionalProperties: false });
    expect(components.schemas.ReferralLink).toMatchObject({ type: "object" });
    // no $schema or $id inside the document: OpenAPI 3.1's dialect is the document's
    for (const schema of Object.values(components.schemas)) {
      expect(schema).not.toHaveProperty("$schema");
      expect(schema).not.toHaveProperty("$id");
    }
  });
});
