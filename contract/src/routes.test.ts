import { describe, expect, it } from "vitest";
import { API, pathOf, ROTATION_ROUTE, rotationPath } from "./routes";

describe("rotationPath", () => {
  it("is the rotation route's path under /api, for one program", () => {
    expect(rotationPath("prog123")).toBe("/api/programs/prog123/redirect");
    expect(ROTATION_ROUTE).toBe("GET /programs/:id/redirect");
  });

  it("encodes the id as pathOf does, so an odd id stays one path segment", () => {
    expect(rotationPath("a/b c")).toBe("/api/programs/a%2Fb%20c/redirect");
    expect(rotationPath("x")).toBe(pathOf({ path: "/programs/:id/redirect" }, { id: "x" }));
  });

  it("names no route of the /api app", () => {
    const paths = Object.values(API).map((route) => `/api${route.path}`);
    expect(paths).not.toContain(`/api${ROTATION_ROUTE.split(" ")[1]!}`);
  });
});
