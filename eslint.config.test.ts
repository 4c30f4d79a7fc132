import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The layering is kept by ESLint (eslint.config.mjs): this proves each boundary refuses a deliberate
 * violation, and lets the import it exists to allow through, so a rule that stops matching fails here.
 */
const eslint = new ESLint({ cwd: __dirname });

// The first lint loads the config, its plugins and the parsers (seconds; more while npm test's other
// lanes hold the cores): that is set-up, done once here, not inside the first test's budget.
beforeAll(async () => {
  await eslint.lintText("export const warm = 1;\n", { filePath: "web/src/features/links/api/warm.ts" });
}, 60_000);

async function refusedImports(filePath: string, ...imports: string[]): Promise<boolean[]> {
  return Promise.all(
    imports.map(async (source) => {
      const [result] = await eslint.lintText(`import { x } from "${source}";\nexport const y = x;\n`, { filePath });
      return result!.messages.some((m) => m.ruleId === "no-restricted-imports");
    }),
  );
}

describe("import boundaries", () => {
  it("the web app imports only itself and the contract", async () => {
    expect(
      await refusedImports(
        "web/src/features/links/api/x.ts",
        "../../../../../functions/src/data/db",
        "../../../../scripts/lib/x",
        "../../../../../testing/http",
        "../../../e2e/x",
      ),
    ).toEqual([true, true, true, true]);
    expect(
      await refusedImports("web/src/features/links/api/x.ts", "@hub/contract/links", "@/lib/api-client", "../utils/x", "react"),
    ).toEqual([false, false, false, false]);
  });

  it("a web feature never imports another", async () => {
    expect(
      await refusedImports(
        "web/src/features/links/components/x.tsx",
        "@/features/programs/api/get-programs",
        "../../programs/api/get-programs",
        "../../../../../functions/src/toolkit",
      ),
    ).toEqual([true, true, true]);
    expect(
      await refusedImports(
        "web/src/features/links/components/x.tsx",
        "@/features/links/api/get-links",
        "../api/get-links",
        "./link-row",
        "@/lib/sorting",
        "@/components/filter-switch",
      ),
    ).toEqual([false, false, false, false, false]);
    expect(
      await refusedImports("web/src/app/routes/x.tsx", "@/features/programs/api/get-programs", "@/features/links/components/links-tab"),
    ).toEqual([false, false]);
  });

  it("browser tests use testing/, never the functions or the scripts", async () => {
    expect(await refusedImports("web/e2e/x.test.ts", "../../functions/src/toolkit", "../../scripts/lib/suite-config")).toEqual([
      true,
      true,
    ]);
    expect(await refusedImports("web/e2e/x.test.ts", "../../testing/browser/admin", "@hub/contract/links")).toEqual([false, false]);
  });

  it("the functions import nothing of the other folders but the contract", async () => {
    expect(
      await refusedImports(
        "functions/src/links/x.ts",
        "../../../web/src/lib/x",
        "../../../scripts/lib/x",
        "../../../testing/http",
        "../../test/x",
        "@/lib/x",
      ),
    ).toEqual([true, true, true, true, true]);
    expect(await refusedImports("functions/src/links/x.ts", "@hub/contract/links", "../platform/db", "firebase-admin/auth")).toEqual([
      false,
      false,
      false,
    ]);
  });

  it("the contract imports zod and itself only", async () => {
    expect(
      await refusedImports("contract/src/x.ts", "firebase-admin", "express", "node:fs", "../../functions/src/data/db", "../../web/src/x"),
    ).toEqual([true, true, true, true, true]);
    expect(await refusedImports("contract/src/x.ts", "./zod", "./common")).toEqual([false, false]);
  });

  it("scripts and test support reach the functions through the toolkit only", async () => {
    for (const file of ["scripts/bench/x.ts", "testing/x.ts"]) {
      expect(
        await refusedImports(file, "../../functions/src/platform/db", "../../functions/src/auth/identity", "../../web/src/lib/x"),
      ).toEqual([true, true, true]);
      expect(await refusedImports(file, "../../functions/src/toolkit", "@hub/contract/common")).toEqual([false, false]);
    }
    expect(await refusedImports("testing/x.ts", "../scripts/lib/x")).toEqual([true]);
    expect(await refusedImports("scripts/bench/x.ts", "../../testing/emulators")).toEqual([false]);
  });

  it("inside the functions nothing imports upward", async () => {
    // a store never imports a service, a router or the guard
    expect(
      await refusedImports("functions/src/links/links.store.ts", "./links.service", "./links.routes", "../auth/auth.guard", "../app"),
    ).toEqual([true, true, true, true]);
    expect(
      await refusedImports("functions/src/links/links.store.ts", "../platform/db", "../visits/click-purges.store", "../accounts/caller"),
    ).toEqual([false, false, false]);
    // a service never imports a router or the composition root
    expect(await refusedImports("functions/src/links/links.service.ts", "./links.routes", "../app-deps", "../toolkit")).toEqual([
      true,
      true,
      true,
    ]);
    expect(
      await refusedImports(
        "functions/src/links/links.service.ts",
        "./links.store",
        "../catalog/program-visibility",
        "../platform/api-error",
      ),
    ).toEqual([false, false, false]);
    // only stores touch Firestore
    expect(await refusedImports("functions/src/links/links.service.ts", "firebase-admin/firestore")).toEqual([true]);
    expect(await refusedImports("functions/src/links/links.store.ts", "firebase-admin/firestore")).toEqual([false]);
    expect(await refusedImports("functions/src/links/links.routes.ts", "firebase-admin/firestore")).toEqual([true]);
    // a router may use the route table's types, never the composition root
    expect(await refusedImports("functions/src/links/links.routes.ts", "../app", "../index")).toEqual([true, true]);
    expect(await refusedImports("functions/src/links/links.routes.ts", "../route-table", "./links.service")).toEqual([false, false]);
    // platform/ imports no capability
    expect(
      await refusedImports("functions/src/platform/http/errors.ts", "../../auth/caller", "../../links/links.store", "../../app"),
    ).toEqual([true, true, true]);
    expect(await refusedImports("functions/src/platform/deps.ts", "./mailer", "./http/client-ip")).toEqual([false, false]);
  });

  it("a capability imports only those below it, never one beside it or above it", async () => {
    // two-way pairs that stood before the capabilities were ordered: each direction but one is refused
    expect(
      await refusedImports(
        "functions/src/accounts/users.store.ts",
        "../links/link-counts.store",
        "../members/user-admin.store",
        "../auth/identity",
      ),
    ).toEqual([true, true, true]);
    expect(await refusedImports("functions/src/catalog/programs.store.ts", "../links/links.store", "../programs/programs.service")).toEqual(
      [true, true],
    );
    expect(
      await refusedImports(
        "functions/src/links/links.service.ts",
        "../rotation/rotation.store",
        "../programs/programs.service",
        "../auth/identity",
      ),
    ).toEqual([true, true, true]);
    // siblings on one level stand side by side
    expect(
      await refusedImports(
        "functions/src/auth/auth.routes.ts",
        "../programs/programs.service",
        "../rotation/redirect",
        "../analytics/analytics.service",
      ),
    ).toEqual([true, true, true]);
    expect(await refusedImports("functions/src/jobs/jobs.store.ts", "../visits/visits.store")).toEqual([true]);
    // every store and router is held to the order too
    expect(await refusedImports("functions/src/members/members.routes.ts", "../pages/pages")).toEqual([true]);
    // downward is allowed
    expect(
      await refusedImports(
        "functions/src/members/user-admin.store.ts",
        "../links/links.store",
        "../auth/email-tokens.store",
        "../accounts/users.store",
        "../visits/click-purges.store",
      ),
    ).toEqual([false, false, false, false]);
    expect(await refusedImports("functions/src/pages/pages.ts", "../programs/programs.service", "../community/community-config")).toEqual([
      false,
      false,
    ]);
  });
});

describe("collection owners", () => {
  /** Whether the collection-owner rule refuses this line of code in this file. */
  async function refusedCode(filePath: string, ...lines: string[]): Promise<boolean[]> {
    return Promise.all(
      lines.map(async (line) => {
        const [result] = await eslint.lintText(`import { COLLECTIONS, db } from "../platform/db";\nexport const y = ${line};\n`, {
          filePath,
        });
        return result!.messages.some((m) => m.ruleId === "hub/collection-owner");
      }),
    );
  }

  it("names a collection only in its owner's folder, through the constants or a literal", async () => {
    expect(
      await refusedCode(
        "functions/src/members/x.store.ts",
        "db().collection(COLLECTIONS.users)",
        'db().collection("users")',
        "db().collection(`email_tokens`)",
        'db().collectionGroup("terms_versions")',
        'db().doc("users/abc")',
        'COLLECTIONS["clicks"]',
      ),
    ).toEqual([true, true, true, true, true, true]);
    expect(await refusedCode("functions/src/index.ts", "COLLECTIONS.links")).toEqual([true]);
    expect(
      await refusedCode(
        "functions/src/accounts/x.store.ts",
        "db().collection(COLLECTIONS.users)",
        'db().collection("users")',
        'db().collection("users").doc("current")',
        "db().collection(name)",
      ),
    ).toEqual([false, false, false, false]);
    // a sub-collection of the owner's own, and names that are no collection's, pass
    expect(await refusedCode("functions/src/jobs/x.store.ts", 'db().collection(COLLECTIONS.jobs).doc("a").collection("pages")')).toEqual([
      false,
    ]);
  });

  it("lets through only the crossings issue 61 has still to move behind their owners", async () => {
    expect(await refusedCode("functions/src/analytics/x.store.ts", "COLLECTIONS.clickCounters", "COLLECTIONS.users")).toEqual([
      false,
      true,
    ]);
    expect(await refusedCode("functions/src/auth/x.store.ts", "COLLECTIONS.clicks", "COLLECTIONS.users")).toEqual([true, true]);
  });
});
