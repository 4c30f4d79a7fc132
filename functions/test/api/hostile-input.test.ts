import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { z } from "zod";
import * as contract from "@hub/contract";
import { API_ROUTES, ROTATION_ROUTE, splitRoute, type ApiRoute } from "@hub/contract/routes";
import { db } from "../../src/platform/db";
import { createProgramAs, signInActors, submitOwnLink } from "../../../testing/actors";
import { resetEmulators } from "../../../testing/emulators";
import { call, type ApiAnswer } from "../../../testing/http";
import { productionLikeDeps, serveInProcess } from "../../../testing/in-process-app";
import { startRotationInstances, stopRotationInstances } from "../../../testing/rotation-instances";
import { suite } from "../../../testing/suite-env";
import { mutatedBody, stringLimits, stringPaths, validBody, withValueAt, type Overrides } from "../../../testing/zod-arbitraries";

/**
 * Every route that reads a body or a query string, fed what a hostile or careless client sends:
 * malformed JSON, wrong types, missing and unknown fields, strings one past each limit, huge bodies,
 * odd unicode, URLs that are not http(s). Each must get the contract's error body with a 4xx, never a
 * 500, and the store must be exactly as it was.
 */

const url = fc.webUrl({ validSchemes: ["https", "http"] }).map((u) => u.slice(0, 2048));
const plainText = fc.stringMatching(/^[A-Za-z0-9][ A-Za-z0-9]{0,40}$/);
const plainEmail = fc
  .tuple(fc.stringMatching(/^[a-z0-9]{1,20}$/), fc.stringMatching(/^[a-z]{2,10}$/))
  .map(([user, domain]) => `${user}@${domain}.example.com`);
// a UTC day, for fields the schema checks as a calendar date
const day = fc.constant(new Date().toISOString().slice(0, 10));
const OVERRIDES: Overrides = {
  "/link": url,
  "/fallbackUrl": url,
  "/termsUrl": fc.option(url, { nil: null }),
  "/newEmail": plainEmail,
  "/until": day,
  "/offerEndsOn": fc.option(day, { nil: null }),
};

interface Input {
  schema: z.ZodType;
  /** Who calls: the least privileged caller the route lets through. */
  as: "anonymous" | "member" | "admin";
  overrides?: Overrides;
}

/** The routes that read a body (POST/PATCH) or a query (GET), with the contract schema each one parses. */
const BODIES: Partial<Record<ApiRoute, Input>> = {
  "POST /auth/email": { schema: contract.emailLoginRequestSchema, as: "anonymous" },
  "POST /login": { schema: contract.loginRequestSchema, as: "anonymous" },
  "POST /register": { schema: contract.registerRequestSchema, as: "anonymous" },
  "POST /auth/login-as-user": { schema: contract.loginAsUserRequestSchema, as: "admin" },
  "POST /programs": { schema: contract.createProgramRequestSchema, as: "member" },
  "PATCH /programs/:id": {
    schema: contract.updateProgramRequestSchema,
    as: "admin",
    // a slug's words: the pattern alone cannot hold the length (3–60)
    overrides: { "/fallbackUrl": fc.option(url, { nil: null }), "/slug": fc.stringMatching(/^[a-z0-9]{3,20}(-[a-z0-9]{1,10}){0,3}$/) },
  },
  "POST /programs/:id/merge": { schema: contract.mergeProgramRequestSchema, as: "admin" },
  "POST /programs/:id/distribution-mode": { schema: contract.distributionModeRequestSchema, as: "admin" },
  "POST /programs/:id/toggle-shared": { schema: contract.toggleSharedRequestSchema, as: "admin" },
  "POST /links": { schema: contract.createLinkRequestSchema, as: "member" },
  "PATCH /links/bulk": { schema: contract.bulkLinkRequestSchema, as: "admin" },
  "PATCH /links/:id": {
    schema: contract.updateLinkRequestSchema,
    as: "admin",
    overrides: { "": fc.record({ link: url, description: plainText }, { requiredKeys: ["link"] }) },
  },
  "POST /links/:id/mark-dead": { schema: contract.markDeadRequestSchema, as: "admin" },
  "POST /links/:id/move": { schema: contract.moveLinkRequestSchema, as: "admin" },
  "POST /admin/test-referral-link/:id": { schema: contract.testLinkRequestSchema, as: "admin" },
  "POST /user/links": { schema: contract.createMemberLinkRequestSchema, as: "member" },
  "POST /user/links/:id/test": { schema: contract.testOwnLinkRequestSchema, as: "member" },
  "PATCH /user/links/:id": {
    schema: contract.updateLinkRequestSchema,
    as: "member",
    overrides: { "": fc.record({ link: url, description: plainText }, { requiredKeys: ["link"] }) },
  },
  "POST /user/links/:id/snooze": { schema: contract.snoozeRequestSchema, as: "member" },
  "POST /user/links/:id/outcomes": {
    schema: contract.createOutcomeRequestSchema,
    as: "member",
    // a currency only with an amount: generated together
    overrides: {
      "": fc.record(
        {
          kind: fc.constantFrom("signed-up", "paid", "clawed-back"),
          occurredOn: day,
          amount: fc.constant(25),
          currency: fc.constantFrom("USD", "EUR"),
          note: plainText,
        },
        { requiredKeys: ["kind", "occurredOn", "amount", "currency"] },
      ),
    },
  },
  "PATCH /user/profile": { schema: contract.updateProfileRequestSchema, as: "member" },
  "POST /public/unsubscribe": { schema: contract.unsubscribeRequestSchema, as: "anonymous" },
  "PATCH /users/:username": { schema: contract.updateUserRequestSchema, as: "admin" },
  "POST /admin/create-user": { schema: contract.createUserRequestSchema, as: "admin" },
  "POST /admin/password": { schema: contract.changePasswordRequestSchema, as: "admin" },
  "POST /admin/merge-accounts": { schema: contract.mergeAccountsRequestSchema, as: "admin" },
  "POST /announcements": { schema: contract.saveAnnouncementRequestSchema, as: "admin" },
  "PATCH /announcements/:id": { schema: contract.updateAnnouncementRequestSchema, as: "admin" },
  "POST /programs/:id/terms/review": { schema: contract.termsReviewRequestSchema, as: "admin" },
  "PUT /admin/alerts": {
    schema: contract.updateAlertsRequestSchema,
    as: "admin",
    overrides: { "/webhookUrl": fc.option(url, { nil: null }) },
  },
  "PUT /admin/tiers": {
    schema: contract.updateTiersRequestSchema,
    as: "admin",
    // the default must be one of the tiers, which generated ids and a generated default never are
    overrides: {
      "": fc.record({
        tiers: fc.constant([
          { id: "standard", name: "Standard", weight: 1, stripePriceIds: [] },
          { id: "gold", name: "Gold", weight: 2, stripePriceIds: ["price_gold"] },
        ]),
        defaultTierId: fc.constant("standard"),
      }),
    },
  },
};
const QUERIES: Partial<Record<ApiRoute, { as: Input["as"]; field: string }>> = {
  "GET /auth/login": { as: "anonymous", field: "token" },
  "GET /analytics/clicks": { as: "admin", field: "timeFilter" },
  "GET /analytics/overview": { as: "admin", field: "timeFilter" },
  "GET /analytics/programs/:id": { as: "admin", field: "timeFilter" },
  "GET /analytics/users": { as: "admin", field: "timeFilter" },
  "GET /analytics/fairness": { as: "admin", field: "timeFilter" },
  "GET /analytics/traffic": { as: "admin", field: "timeFilter" },
  "GET /analytics/outcomes": { as: "admin", field: "timeFilter" },
  "GET /user/links/stats": { as: "member", field: "timeFilter" },
  "GET /user/outcomes": { as: "member", field: "year" },
  "GET /user/outcomes/export": { as: "member", field: "year" },
};
/** GET and DELETE routes that read no query string. */
const NO_QUERY = new Set<ApiRoute>([
  "GET /admin/tiers",
  "GET /auth/session",
  "GET /announcements",
  "GET /user",
  "GET /user/profile",
  "GET /public/community",
  "GET /public/programs",
  "GET /announcements/active",
  "GET /programs",
  "GET /links",
  "GET /user/links",
  "GET /users",
  "GET /admin/duplicate-users",
  "GET /admin/export-csv",
  "GET /admin/jobs/:jobId",
  "GET /programs/:id/terms",
  "GET /admin/alerts",
  "DELETE /programs/:id",
  "DELETE /links/:id",
  "DELETE /user/links/:id",
  "DELETE /user/links/:id/snooze",
  "DELETE /user/outcomes/:id",
  "DELETE /users/:username",
]);
/** POST routes that take no body: an action on the resource the address names. */
const BODYLESS = new Set<ApiRoute>([
  "POST /auth/logout",
  "POST /logout",
  "POST /auth/return-to-admin",
  "POST /programs/:id/approve",
  "POST /links/:id/approve",
  "POST /links/:id/pause",
  "POST /links/:id/unpause",
  "POST /links/:id/mark-alive",
  "POST /users/:username/block",
  "POST /users/:username/unblock",
  "POST /users/:username/approve",
  "POST /admin/check-subscription/:username",
  "POST /admin/check-all-subscriptions",
  "POST /admin/link-health/run",
  "POST /admin/address-truncation/run",
  "POST /admin/auto-approve-subscribers",
  "POST /admin/daily/run",
  "POST /admin/weekly-digest/run",
  "POST /admin/program-slugs/run",
  "POST /admin/terms/run",
  "POST /admin/alerts/test",
]);

/** Every document of every collection, to compare before and after. */
async function storeContents(): Promise<string> {
  const collections = (await db().listCollections()).sort((a, b) => a.id.localeCompare(b.id));
  const contents: Record<string, unknown> = {};
  for (const collection of collections) {
    contents[collection.id] = (await collection.get()).docs.map((doc) => [doc.id, doc.data()]).sort();
  }
  return JSON.stringify(contents);
}

const URL_FIELDS = new Set(["link", "fallbackUrl", "termsUrl", "webhookUrl"]);
/** Routes a mail client posts a form to (RFC 8058 one-click unsubscribe): a form there is read, not refused with 415. */
const FORM_ROUTES = new Set<ApiRoute>(["POST /public/unsubscribe"]);

let tokens: Record<Input["as"], string | undefined>;
let ids: { program: string; otherProgram: string; link: string; announcement: string };
let before: string;
const tried: { route: string; kind: string; status: number }[] = [];

function concretePath(route: ApiRoute): string {
  const { path } = splitRoute(route);
  const id = route.includes("/programs/") ? ids.program : route.includes("/announcements/") ? ids.announcement : ids.link;
  return `/api${path.replace(":username", "active%40example.com").replace(":id", id)}`;
}

type Answer = ApiAnswer<{ code?: unknown; message?: unknown; issues?: unknown }>;

/** Sends one hostile request and checks the answer is the contract's refusal: 4xx, error body, no 500. */
async function send(
  route: ApiRoute,
  kind: string,
  as: Input["as"],
  options: { body?: unknown; rawBody?: string; contentType?: string; query?: string; baseUrl?: string },
): Promise<Answer> {
  const { method } = splitRoute(route);
  const res: Answer = await call(method, `${concretePath(route)}${options.query ?? ""}`, {
    idToken: tokens[as],
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    ...(options.body !== undefined ? { body: options.body } : {}),
    ...(options.rawBody !== undefined ? { rawBody: options.rawBody, contentType: options.contentType ?? "application/json" } : {}),
  });
  tried.push({ route, kind, status: res.status });
  const described = { route, kind, status: res.status, body: res.text.slice(0, 300) };
  expect(res.status >= 400 && res.status < 500, JSON.stringify(described)).toBe(true);
  expect(typeof res.body.code === "string" && typeof res.body.message === "string", JSON.stringify(described)).toBe(true);
  return res;
}

/** The real app factory in-process, for what the emulator's own body parsing would hide. */
let inProcess: Awaited<ReturnType<typeof serveInProcess>>;
beforeAll(async () => {
  inProcess = await serveInProcess(productionLikeDeps(suite.stripeUrl));
});
afterAll(() => inProcess.close());

beforeAll(async () => {
  await resetEmulators();
  const { admin, alice } = await signInActors();
  tokens = { anonymous: undefined, member: alice, admin };
  const program = await createProgramAs(admin, "Amex Gold", { description: "Dining card" });
  const otherProgram = await createProgramAs(admin, "Chase Sapphire");
  const link = await submitOwnLink(alice, program.id, "https://refer.example.com/alice");
  const announcement = await call<{ id: string }>("POST", "/api/announcements", {
    idToken: admin,
    body: { message: "Hello", isActive: true },
  });
  ids = { program: program.id, otherProgram: otherProgram.id, link: link.id, announcement: announcement.body.id };
  before = await storeContents();
});

afterAll(() => {
  const byKind = new Map<string, number>();
  for (const { kind } of tried) byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  console.info(`hostile inputs tried: ${String(tried.length)} (${[...byKind].map(([kind, n]) => `${kind} ${String(n)}`).join(", ")})`);
});

describe("hostile input", () => {
  it("knows every route's input: a new route that reads a body or query must be added here", () => {
    const unaccounted = (Object.keys(API_ROUTES) as ApiRoute[]).filter((route) => {
      const { method } = splitRoute(route);
      if (method === "POST" || method === "PATCH" || method === "PUT") return !BODIES[route] && !BODYLESS.has(route);
      return !QUERIES[route] && !NO_QUERY.has(route);
    });
    expect(unaccounted).toEqual([]);
  });

  it.each(Object.keys(BODIES) as ApiRoute[])("%s refuses malformed, oversized and non-JSON bodies", async (route) => {
    const { as } = BODIES[route]!;
    // The Functions emulator parses JSON before our app runs and answers a syntax error with its own
    // HTML page; Cloud Functions hands the app the raw body. So malformed JSON goes to the app itself,
    // in-process, and through the emulator only its status is checked.
    expect((await send(route, "malformed JSON", as, { rawBody: '{"name": "x",', baseUrl: inProcess.url })).status).toBe(400);
    expect(
      (
        await call(splitRoute(route).method, concretePath(route), {
          rawBody: '{"name": "x",',
          contentType: "application/json",
          idToken: tokens[as],
        })
      ).status,
    ).toBe(400);
    expect((await send(route, "JSON that is not an object", as, { rawBody: "[1,2,3]" })).status).toBe(400);
    expect((await send(route, "over 100 KB", as, { rawBody: JSON.stringify({ name: "x".repeat(101 * 1024) }) })).status).toBe(413);
    const form = await send(route, "not JSON", as, { rawBody: "name=x", contentType: "application/x-www-form-urlencoded" });
    // a one-click form without its token is refused as invalid
    expect(form.status).toBe(FORM_ROUTES.has(route) ? 400 : 415);
  });

  it.each(Object.keys(BODIES) as ApiRoute[])("%s answers generated invalid bodies with 400 and the issues", async (route) => {
    const { schema, as, overrides = {} } = BODIES[route]!;
    const bodies = fc
      .sample(mutatedBody(schema, { ...OVERRIDES, ...overrides }), { numRuns: 40, seed: 7 })
      .map((body) => JSON.parse(JSON.stringify(body)) as unknown)
      .filter((body) => !schema.safeParse(body).success)
      .slice(0, 20);
    expect(bodies.length).toBeGreaterThan(5);
    for (const body of bodies) {
      const res = await send(route, "generated invalid body", as, { body });
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.body.code).toBe("VALIDATION");
      const issues = res.body.issues as { path: unknown; message: unknown }[];
      expect(issues.length).toBeGreaterThan(0);
      for (const issue of issues) expect(typeof issue.path === "string" && typeof issue.message === "string").toBe(true);
    }
  });

  it.each(Object.keys(BODIES) as ApiRoute[])(
    "%s refuses unknown fields, so a typo or a smuggled flag never passes silently",
    async (route) => {
      const { schema, as, overrides = {} } = BODIES[route]!;
      const [valid] = fc.sample(validBody(schema, { ...OVERRIDES, ...overrides }), { numRuns: 1, seed: 17 });
      for (const extra of [{ isAdmin: true }, { approved: true }, { emial: "typo@example.com" }]) {
        const res = await send(route, "unknown field", as, { body: { ...valid, ...extra } });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe("VALIDATION");
      }
    },
  );

  it.each(Object.keys(BODIES) as ApiRoute[])("%s refuses each string one character past its limit, naming the field", async (route) => {
    const { schema, as, overrides = {} } = BODIES[route]!;
    const [valid] = fc.sample(validBody(schema, { ...OVERRIDES, ...overrides }), { numRuns: 1, seed: 11 });
    for (const { field, maxLength, format } of stringLimits(schema)) {
      const tooLong =
        format === "email" || /email/i.test(field)
          ? `${"a".repeat(maxLength - "@example.com".length + 1)}@example.com`
          : URL_FIELDS.has(field)
            ? `https://example.com/${"a".repeat(maxLength - "https://example.com/".length + 1)}`
            : "x".repeat(maxLength + 1);
      expect(tooLong.length).toBe(maxLength + 1);
      const res = await send(route, "string at limit + 1", as, { body: { ...valid, [field]: tooLong } });
      expect(res.status).toBe(400);
      expect((res.body.issues as { path: string }[]).map((issue) => issue.path)).toContain(field);
    }
  });

  const routesWithUrls = (Object.keys(BODIES) as ApiRoute[]).filter((route) =>
    stringLimits(BODIES[route]!.schema).some((l) => URL_FIELDS.has(l.field)),
  );
  it.each(routesWithUrls)("%s refuses every address that is not an absolute http(s) URL with 'Invalid URL'", async (route) => {
    const { schema, as, overrides = {} } = BODIES[route]!;
    const [valid] = fc.sample(validBody(schema, { ...OVERRIDES, ...overrides }), { numRuns: 1, seed: 13 });
    const fields = stringLimits(schema).filter((l) => URL_FIELDS.has(l.field));
    for (const { field } of fields) {
      for (const bad of [
        "javascript:alert(1)",
        "JavaScript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "mailto:a@example.com",
        "/relative/path",
        "//evil.example.com/x",
        "ftp://example.com/x",
        "http://",
        " ",
      ]) {
        const res = await send(route, "non-http(s) URL", as, { body: { ...valid, [field]: bad } });
        expect(res.status).toBe(400);
        expect(res.body.issues).toContainEqual({ path: field, message: "Invalid URL" });
      }
    }
  });

  it.each(Object.keys(QUERIES) as ApiRoute[])("%s refuses missing, repeated, nested and unknown query values", async (route) => {
    const { as, field } = QUERIES[route]!;
    for (const query of ["", `?${field}=`, `?${field}=a&${field}=b`, `?${field}[x]=1`, `?${field}=%00`, `?${field}=${"x".repeat(5000)}`]) {
      await send(route, "hostile query", as, { query });
    }
  });

  // Text that is not well-formed UTF-16 (a lone surrogate) cannot be stored by Firestore: it is refused
  // at the door, in every string field of every body, nested ones included (found from the schemas).
  const LONE_SURROGATES = (valid: unknown) => ["\ud800", `${typeof valid === "string" ? valid : "text"}\udc00`];
  it.each(Object.keys(BODIES) as ApiRoute[])("%s refuses a lone surrogate in every string field with 400 VALIDATION", async (route) => {
    const { schema, as, overrides = {} } = BODIES[route]!;
    const [valid] = fc.sample(validBody(schema, { ...OVERRIDES, ...overrides }), { numRuns: 1, seed: 19 });
    const paths = stringPaths(schema);
    const wrong: unknown[] = [];
    for (const path of paths) {
      const issuePath = path.map((key) => (key === "*" ? "0" : key)).join(".");
      const current = path.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key === "*" ? 0 : key], valid);
      for (const text of LONE_SURROGATES(current)) {
        const body = withValueAt(valid, path, text);
        const res: Answer = await call(splitRoute(route).method, concretePath(route), { idToken: tokens[as], body });
        tried.push({ route, kind: "lone surrogate", status: res.status });
        const issues = (res.body.issues ?? []) as { path: string; message: string }[];
        const refused =
          res.status === 400 &&
          res.body.code === "VALIDATION" &&
          issues.some((i) => i.path === issuePath && i.message === contract.INVALID_TEXT_MESSAGE);
        if (!refused)
          wrong.push({ field: issuePath, text: JSON.stringify(text).slice(0, 40), status: res.status, body: res.text.slice(0, 160) });
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each(Object.keys(QUERIES) as ApiRoute[])(
    "%s: a query string cannot carry a lone surrogate (UTF-8 has no form for one)",
    async (route) => {
      const { as, field } = QUERIES[route]!;
      // %ED%A0%80 is U+D800 as (invalid) UTF-8; %uD800 is the old escape() form. Neither decodes to one.
      for (const query of [`?${field}=%ED%A0%80`, `?${field}=%uD800`, `?${field}=x%ED%B0%80`]) {
        await send(route, "lone surrogate in query", as, { query });
      }
    },
  );

  // Every route with a path parameter (found from the table, so a new route is covered by itself), fed
  // parameters that are not valid percent-encoded UTF-8: after the access check, 404 NOT_FOUND with the
  // error body, like an unknown id. Never a 500. Sent to the app itself, in-process: the Hosting
  // emulator cannot decode such an address and answers its own 500 before any function runs.
  const MALFORMED_PARAMS = ["%FF", "%ED%A0%80", "%C0%AF", "%E2%82", "ok%FFok"];
  const routesWithParams = (Object.keys(API_ROUTES) as ApiRoute[]).filter((route) => splitRoute(route).path.includes(":"));
  it("has routes with path parameters to try", () => {
    expect(routesWithParams.length).toBeGreaterThan(20);
  });
  it.each(routesWithParams)("%s answers a malformed path parameter with 404 after the access check", async (route) => {
    const { method, path } = splitRoute(route);
    const access = API_ROUTES[route];
    const expected: [Input["as"], number][] =
      access === "admin"
        ? [
            ["anonymous", 401],
            ["member", 403],
            ["admin", 404],
          ]
        : access === "member"
          ? [
              ["anonymous", 401],
              ["member", 404],
            ]
          : [["anonymous", 404]];
    const wrong: unknown[] = [];
    for (const malformed of MALFORMED_PARAMS) {
      const address = `/api${path.replace(/:\w+/g, malformed)}`;
      for (const [as, status] of expected) {
        const res: Answer = await call(method, address, {
          idToken: tokens[as],
          baseUrl: inProcess.url,
          ...(method === "POST" || method === "PATCH" ? { body: {} } : {}),
        });
        tried.push({ route, kind: "malformed path", status: res.status });
        const ok =
          res.status === status &&
          typeof res.body.code === "string" &&
          typeof res.body.message === "string" &&
          (status !== 404 || res.body.code === "NOT_FOUND");
        if (!ok) wrong.push({ address, as, expected: status, status: res.status, body: res.text.slice(0, 120) });
      }
    }
    expect(wrong).toEqual([]);
  });

  it("the rotation refuses a malformed program id with a 4xx, never a 500", async () => {
    // the redirect function as Cloud Run serves it (Functions Framework), not behind the Hosting emulator.
    // The framework itself refuses an address it cannot decode (400) before the handler runs; an id the
    // handler sees that names no program gets its HTML 404 page (rotation/redirect.test.ts).
    const [rotation] = await startRotationInstances(1);
    onTestFinished(() => stopRotationInstances([rotation!]));
    for (const malformed of MALFORMED_PARAMS) {
      const res = await call("GET", `/api/programs/${malformed}/redirect`, { baseUrl: rotation!.origin });
      tried.push({ route: ROTATION_ROUTE, kind: "malformed path", status: res.status });
      expect(res.status >= 400 && res.status < 500, `${malformed}: ${String(res.status)}`).toBe(true);
    }
  });

  it("the short address answers a malformed slug with its 404 page, never a 500", async () => {
    // as above, at /r/{slug}: what the framework lets through names no program, and gets the rotation's page
    const [rotation] = await startRotationInstances(1);
    onTestFinished(() => stopRotationInstances([rotation!]));
    const wrong: unknown[] = [];
    for (const malformed of [
      ...MALFORMED_PARAMS,
      "a--b",
      "-ab",
      "ab",
      "x".repeat(61),
      "%2e%2e",
      "..",
      "a%2Fb",
      "<script>",
      "caf%C3%A9",
      "%00",
    ]) {
      const res = await call("GET", `/r/${malformed}`, { baseUrl: rotation!.origin });
      tried.push({ route: "GET /r/:slug", kind: "malformed path", status: res.status });
      const page = res.status === 404 && (res.headers.get("content-type") ?? "").startsWith("text/html");
      // the framework refuses what it cannot decode before the handler runs: a 4xx of its own is fine
      if (!(page || (res.status >= 400 && res.status < 500 && res.status !== 404))) wrong.push({ malformed, status: res.status });
    }
    expect(wrong).toEqual([]);
  });

  it("left every document exactly as it was", async () => {
    expect(await storeContents()).toBe(before);
  });
});

describe("friendly oddities", () => {
  it("takes e-mail addresses with spaces and capitals as the same lower-case address", async () => {
    const created = await call("POST", "/api/admin/create-user", { idToken: tokens.admin, body: { email: "  New.Member@Example.COM " } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ user: { username: "new.member@example.com" } });
    const again = await call("POST", "/api/admin/create-user", { idToken: tokens.admin, body: { email: "NEW.member@example.com" } });
    expect(again.status).toBe(409);
    expect((await call("POST", "/api/auth/email", { body: { email: " New.Member@EXAMPLE.com" } })).status).toBe(200);
  });

  it("keeps unicode names and offers exactly as typed (emoji, accents, right-to-left, combining marks)", async () => {
    for (const name of ["Café Crédit 🦄", "בנק הפועלים", "Zalgo Z̴̡a̸l̶g̵o", "x\u202ey"]) {
      const res = await call<{ id: string; name: string }>("POST", "/api/programs", {
        idToken: tokens.admin,
        body: { name, description: `${name} — 5% back` },
      });
      expect(res.status).toBe(201);
      const listed = (
        await call<{ id: string; name: string; description: string }[]>("GET", "/api/programs", { idToken: tokens.admin })
      ).body.find((p) => p.id === res.body.id)!;
      expect(listed).toMatchObject({ name, description: `${name} — 5% back` });
    }
  });
});
