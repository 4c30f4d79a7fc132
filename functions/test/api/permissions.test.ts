import type { Express } from "express";
import { getAuth } from "firebase-admin/auth";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { API_ROUTES, ROTATION_ROUTE, splitRoute, type ApiRoute, type RouteAccess } from "@hub/contract/routes";
import { db } from "../../src/platform/db";
import { ADMIN, createProgramAs, signInActors, submitOwnLink } from "../../../testing/actors";
import { idTokenFromCustomToken, idTokenFromPassword, resetEmulators } from "../../../testing/emulators";
import { call } from "../../../testing/http";
import { productionLikeDeps } from "../../../testing/in-process-app";

/**
 * The contract's permission table, proved route by route: every route of contract/routes.ts is
 * called by every kind of caller, and each answer is the one the table's access level promises.
 */

type CallerKind = "anonymous" | "member" | "lapsed member" | "blocked member" | "impersonated member" | "admin";
const CALLERS: CallerKind[] = ["anonymous", "member", "lapsed member", "blocked member", "impersonated member", "admin"];

/** What a guard answers when it refuses, by access level and caller; absent = let through. */
const REFUSALS: Record<RouteAccess, Partial<Record<CallerKind, [number, string]>>> = {
  public: {},
  member: {
    anonymous: [401, "UNAUTHENTICATED"],
    "lapsed member": [403, "NO_ACTIVE_SUBSCRIPTION"],
    "blocked member": [403, "BLOCKED"],
  },
  admin: {
    anonymous: [401, "UNAUTHENTICATED"],
    member: [403, "FORBIDDEN"],
    "lapsed member": [403, "NO_ACTIVE_SUBSCRIPTION"],
    "blocked member": [403, "BLOCKED"],
    "impersonated member": [403, "FORBIDDEN"],
  },
  impersonation: {
    anonymous: [401, "UNAUTHENTICATED"],
    member: [403, "FORBIDDEN"],
    "lapsed member": [403, "NO_ACTIVE_SUBSCRIPTION"],
    "blocked member": [403, "BLOCKED"],
    admin: [403, "FORBIDDEN"],
  },
};
const GUARD_CODES = new Set(["UNAUTHENTICATED", "FORBIDDEN", "BLOCKED", "NO_ACTIVE_SUBSCRIPTION"]);

// Calls that end the caller's sessions (or impersonation): the walk signs everyone in again after them.
const ENDS_SESSIONS = new Set<ApiRoute>(["POST /logout", "POST /auth/logout", "POST /auth/return-to-admin"]);

/** The short rotation address (docs/architecture.md, *Short rotation addresses*): the rotation's too, outside /api. */
const SHORT_ROTATION_ROUTE = "GET /r/:slug";
const ROTATION_ROUTES = [ROTATION_ROUTE, SHORT_ROTATION_ROUTE];

/** A concrete request for a route: ids that name nothing, an empty body where one is expected. */
function requestFor(route: string): { method: string; path: string; body?: unknown } {
  if (route === SHORT_ROTATION_ROUTE) return { method: "GET", path: "/r/no-such-program" };
  const { method, path } = splitRoute(route as ApiRoute);
  const concrete = `/api${path.replace(":username", "nobody%40example.com").replace(/:[a-zA-Z]+/g, "no-such-id")}`;
  return method === "POST" || method === "PATCH" ? { method, path: concrete, body: {} } : { method, path: concrete };
}

/** Every route the app registers, as "METHOD /path" (walking Express's router stack). */
function registeredRoutes(app: Express): string[] {
  type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };
  const found: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) for (const method of Object.keys(layer.route.methods)) found.push(`${method.toUpperCase()} ${layer.route.path}`);
      else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return found;
}

const userId = async (email: string) => (await db().collection("users").where("username", "==", email).get()).docs[0]!.id;

/**
 * One fresh token per kind of caller (minted directly: the login-link route is rate-limited, and the
 * walk signs everyone in again after each call that ends sessions).
 */
async function signInEveryone(): Promise<Record<CallerKind, string | undefined>> {
  const admin = await idTokenFromPassword(ADMIN.email, ADMIN.password);
  const impersonation = await call<{ customToken: string }>("POST", "/api/auth/login-as-user", {
    idToken: admin,
    body: { email: "active@example.com" },
  });
  const tokenFor = async (email: string) => idTokenFromCustomToken(await getAuth().createCustomToken(await userId(email)));
  return {
    anonymous: undefined,
    member: await tokenFor("active@example.com"),
    "lapsed member": await tokenFor("lapsed@example.com"),
    "blocked member": await tokenFor("trialing@example.com"),
    "impersonated member": await idTokenFromCustomToken(impersonation.body.customToken),
    admin,
  };
}

/** The members the walk needs beyond the usual actors: one blocked, one whose subscription lapsed. */
async function prepareMembers(): Promise<void> {
  const { admin } = await signInActors();
  const created = await call("POST", "/api/admin/create-user", { idToken: admin, body: { email: "lapsed@example.com" } });
  expect(created.status).toBe(201);
  // a member whose last check found the subscription cancelled (not admin-made: that one is exempt)
  await db()
    .doc(`users/${await userId("lapsed@example.com")}`)
    .update({ createdByAdmin: false, subscriptionStatus: "canceled" });
  expect((await call("POST", "/api/users/trialing@example.com/block", { idToken: admin })).status).toBe(200);
  // revocation has one-second granularity: tokens minted from now on are valid, for a blocked user
  await new Promise((done) => setTimeout(done, 1100));
}

/**
 * Who may call what (SECURITY.md; `x-access` in docs/openapi.json), written out here apart
 * from contract/routes.ts so that a wrong entry there cannot also set what this test expects:
 * anyone; signed-in members; and admins for everything else.
 */
const CONTRACT_PUBLIC = new Set([
  "GET /auth/session",
  "POST /auth/email",
  "GET /auth/login",
  "GET /announcements/active",
  // signing in and the open pages cannot need a session
  "POST /login",
  "POST /register",
  "GET /public/programs",
  "GET /public/community",
  // the digest's unsubscribe link works signed out: its signed token is the credential
  "POST /public/unsubscribe",
]);
const CONTRACT_MEMBER = new Set([
  "GET /user",
  "GET /user/profile",
  "PATCH /user/profile",
  "GET /programs",
  "POST /programs",
  "POST /links",
  "POST /logout",
  "POST /auth/logout",
]);
function contractAccess(route: string): RouteAccess {
  if (CONTRACT_PUBLIC.has(route)) return "public";
  // `/api/user/links*` and `/api/user/outcomes*`: the member's own links and recorded outcomes
  if (CONTRACT_MEMBER.has(route) || / \/user\/(links|outcomes)(\/|$)/.test(route)) return "member";
  if (route === "POST /auth/return-to-admin") return "impersonation";
  return "admin";
}

describe("the route table", () => {
  it("gives every route the access the contract's permission table gives it", () => {
    const table = Object.fromEntries(Object.keys(API_ROUTES).map((route) => [route, API_ROUTES[route as ApiRoute]]));
    const contract = Object.fromEntries(Object.keys(API_ROUTES).map((route) => [route, contractAccess(route)]));
    expect(table).toEqual(contract);
  });

  it("holds every route the app serves, and nothing it does not", () => {
    // built, never called: the walk below only reads the router
    const app = createApp(productionLikeDeps("http://127.0.0.1:1"));
    // a route registered without a rule, or a rule without its route, fails here
    expect(registeredRoutes(app).sort()).toEqual(Object.keys(API_ROUTES).sort());
  });
});

describe("who may call what", () => {
  let tokens: Record<CallerKind, string | undefined>;
  const answers: { route: string; caller: CallerKind; status: number; code: string | undefined }[] = [];

  beforeAll(async () => {
    await resetEmulators();
    await prepareMembers();
    tokens = await signInEveryone();
    const routes = [
      ...(Object.keys(API_ROUTES) as ApiRoute[]).filter((route) => !ENDS_SESSIONS.has(route)),
      ...ENDS_SESSIONS,
      ...ROTATION_ROUTES,
    ];
    for (const route of routes) {
      const { method, path, body } = requestFor(route);
      for (const caller of CALLERS) {
        const res = await call<{ code?: string }>(method, path, { idToken: tokens[caller], ...(body !== undefined ? { body } : {}) });
        answers.push({ route, caller, status: res.status, code: typeof res.body === "object" && res.body ? res.body.code : undefined });
        if (ENDS_SESSIONS.has(route as ApiRoute)) {
          // revocation has one-second granularity: a token from the same second would count as revoked
          await new Promise((done) => setTimeout(done, 1100));
          tokens = await signInEveryone();
        }
      }
    }
  }, 240_000);

  it.each(Object.keys(API_ROUTES) as ApiRoute[])("%s answers each caller as its access level says", (route) => {
    const access = API_ROUTES[route];
    for (const caller of CALLERS) {
      const answer = answers.find((a) => a.route === route && a.caller === caller)!;
      const refusal = REFUSALS[access][caller];
      if (refusal) {
        expect({ caller, status: answer.status, code: answer.code }).toEqual({ caller, status: refusal[0], code: refusal[1] });
      } else {
        // let through: whatever the route then says (400 for the empty body, 404 for the unknown id…),
        // never a guard's refusal and never a server error
        expect({ caller, refusedByGuard: GUARD_CODES.has(answer.code ?? ""), serverError: answer.status >= 500 }).toEqual({
          caller,
          refusedByGuard: false,
          serverError: false,
        });
      }
    }
  });

  it.each(ROTATION_ROUTES)("lets everyone reach the rotation address %s (an unknown program is 404 for all)", (route) => {
    expect(answers.filter((a) => a.route === route).map((a) => a.status)).toEqual(CALLERS.map(() => 404));
  });

  it(`checked ${String(Object.keys(API_ROUTES).length + ROTATION_ROUTES.length)} routes × ${String(CALLERS.length)} callers`, () => {
    expect(answers).toHaveLength((Object.keys(API_ROUTES).length + ROTATION_ROUTES.length) * CALLERS.length);
  });
});

describe("one member and another's data", () => {
  it("never shows or changes another member's links, notes or payment IDs", async () => {
    await resetEmulators();
    const { admin, alice, tom } = await signInActors();
    const program = await createProgramAs(admin, "Amex Gold");
    const alicesLink = await submitOwnLink(alice, program.id, "https://refer.example.com/alice");
    await call("PATCH", "/api/users/active@example.com", {
      idToken: admin,
      body: { notes: "private note", stripeCustomerId: "cus_secret" },
    });

    // Tom cannot find Alice's link among his own, nor read, change or delete it by its id
    expect((await call("GET", "/api/user/links", { idToken: tom })).body).toEqual([]);
    for (const [method, body] of [
      ["PATCH", { description: "hijacked" }],
      ["DELETE", undefined],
    ] as const) {
      const res = await call(method, `/api/user/links/${alicesLink.id}`, { idToken: tom, ...(body ? { body } : {}) });
      expect(res.status).toBe(404);
    }
    // nor submit one in Alice's name
    expect(
      (
        await call("POST", "/api/links", {
          idToken: tom,
          body: { programId: program.id, name: "Tom", email: "active@example.com", link: "https://x.example/t", description: "d" },
        })
      ).status,
    ).toBe(403);
    // nor read or change users (where notes and payment IDs live)
    expect((await call("GET", "/api/users", { idToken: tom })).status).toBe(403);
    expect((await call("PATCH", "/api/users/active@example.com", { idToken: tom, body: { stripeCustomerId: "cus_tom" } })).status).toBe(
      403,
    );
    // and what members read about themselves holds no notes or payment IDs
    for (const path of ["/api/user", "/api/user/profile", "/api/user/links"]) {
      expect((await call("GET", path, { idToken: alice })).text).not.toMatch(
        /private note|cus_secret|notes|stripeCustomerId|stripeSubscriptionId/,
      );
    }

    const links = (await call("GET", "/api/links", { idToken: admin })).body as { id: string; description: string }[];
    expect(links.find((l) => l.id === alicesLink.id)!.description).toBe("Bonus offer");
    const users = (await call("GET", "/api/users", { idToken: admin })).body as {
      username: string;
      notes: string;
      stripeCustomerId: string;
    }[];
    expect(users.find((u) => u.username === "active@example.com")).toMatchObject({ notes: "private note", stripeCustomerId: "cus_secret" });
  });
});
