import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { API, pathOf, ROTATION_ROUTE, rotationPath } from "@hub/contract/routes";
import { shortRotationPath } from "@hub/contract/slugs";

// The Hosting rewrites stay in firebase.json; these checks keep the rotation's one in step with the contract.
const config = JSON.parse(readFileSync(join(__dirname, "..", "..", "firebase.json"), "utf8")) as {
  hosting: { rewrites: { source: string; function?: { functionId: string }; destination?: string }[] };
};
const rewrites = config.hosting.rewrites;

/** Hosting's glob: `*` is one path segment, `**` any number of them. */
const globToRegExp = (glob: string) =>
  new RegExp(
    `^${glob
      .split(/(\*\*|\*)/)
      .map((part) => (part === "**" ? ".*" : part === "*" ? "[^/]+" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
      .join("")}$`,
  );
/** The function that serves a path: the first rewrite whose source matches it. */
const served = (path: string) => rewrites.find((rule) => globToRegExp(rule.source).test(path))?.function?.functionId;

describe("the rotation's Hosting rewrite", () => {
  const [method, path] = ROTATION_ROUTE.split(" ") as [string, string];
  const rotation = rewrites.findIndex((rule) => rule.function?.functionId === "redirect");

  it("is the contract's rotation address, each path parameter one segment, sent to the `redirect` function", () => {
    expect(method).toBe("GET");
    expect(rotation).toBeGreaterThanOrEqual(0);
    expect(rewrites[rotation]!.source).toBe(`/api${path.replace(/:\w+/g, "*")}`);
  });

  it("comes before the /api/** rewrite, which would otherwise take it to the api function (the first match wins)", () => {
    const api = rewrites.findIndex((rule) => rule.source === "/api/**");
    expect(rewrites[api]?.function?.functionId).toBe("api");
    expect(rotation).toBeLessThan(api);
  });

  it("sends a program's rotation address to `redirect`, and every route of the table to `api`", () => {
    expect(served(rotationPath("prog123"))).toBe("redirect");
    for (const route of Object.values(API)) {
      const params = Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, "x1"]));
      expect(served(pathOf(route, params)), `${route.method} ${route.path}`).toBe("api");
    }
  });
});

describe("the short address's Hosting rewrite", () => {
  it("sends /r/{slug} to `redirect`, before the catch-all that would serve it the app", () => {
    expect(served(shortRotationPath("chase-sapphire-preferred"))).toBe("redirect");
    expect(served(shortRotationPath("program-abc012xy"))).toBe("redirect");
  });

  it("takes nothing else: the app's pages and the open pages are served as before", () => {
    for (const path of ["/", "/programs", "/dashboard", "/r", "/rates", "/r/a/b"]) expect(served(path)).not.toBe("redirect");
  });
});
