/**
 * Every /api route and who may call it: the contract's permission table, in one place (paths are
 * under /api). The routers register their handlers through this table (routes/define-route.ts),
 * so no route exists without a rule, and functions/test/api/permissions.test.ts walks it for every
 * kind of caller. Plain data: the web app and the tests may import it too.
 *
 * - public: anyone, signed in or not.
 * - member: a signed-in user: 401 without a valid token, 403 BLOCKED for a blocked user,
 *   403 NO_ACTIVE_SUBSCRIPTION for a member whose subscription lapsed.
 * - admin: a signed-in admin (token not revoked): 401 without a valid token, 403 for anyone else.
 * - impersonation: only a token an admin got through 'Log in as user' (403 for every other caller).
 */
export const ROUTE_ACCESS = ["public", "member", "admin", "impersonation"] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

export type RouteMethod = "GET" | "POST" | "PATCH" | "DELETE";
type RouteKey = `${RouteMethod} /${string}`;

export const API_ROUTES = {
  // Session and login
  "GET /auth/session": "public",
  "POST /auth/email": "public",
  "GET /auth/login": "public",
  "POST /auth/logout": "member",
  "GET /user": "member",
  "GET /user/profile": "member",
  "POST /login": "public",
  "POST /register": "public",
  "POST /logout": "member",
  "POST /auth/login-as-user": "admin",
  "POST /auth/return-to-admin": "impersonation",
  // The open site
  "GET /public/community": "public",
  "GET /public/programs": "public",
  "GET /announcements/active": "public",
  // Programs
  "GET /programs": "member",
  "POST /programs": "member",
  "PATCH /programs/:id": "admin",
  "DELETE /programs/:id": "admin",
  "POST /programs/:id/approve": "admin",
  "POST /programs/:id/merge": "admin",
  "POST /programs/:id/distribution-mode": "admin",
  "POST /programs/:id/toggle-shared": "admin",
  // Links (admin)
  "GET /links": "admin",
  "POST /links": "member",
  "PATCH /links/bulk": "admin",
  "PATCH /links/:id": "admin",
  "DELETE /links/:id": "admin",
  "POST /links/:id/approve": "admin",
  "POST /links/:id/pause": "admin",
  "POST /links/:id/unpause": "admin",
  "POST /links/:id/mark-alive": "admin",
  "POST /links/:id/mark-dead": "admin",
  "POST /links/:id/move": "admin",
  "POST /admin/test-referral-link/:id": "admin",
  // Links (member: their own only)
  "GET /user/links": "member",
  "POST /user/links": "member",
  "PATCH /user/links/:id": "member",
  "DELETE /user/links/:id": "member",
  // Users and admin actions
  "GET /users": "admin",
  "PATCH /users/:username": "admin",
  "DELETE /users/:username": "admin",
  "POST /users/:username/block": "admin",
  "POST /users/:username/unblock": "admin",
  "POST /users/:username/approve": "admin",
  "POST /admin/create-user": "admin",
  "POST /admin/password": "admin",
  "POST /admin/check-subscription/:username": "admin",
  "POST /admin/check-all-subscriptions": "admin",
  "POST /admin/auto-approve-subscribers": "admin",
  "GET /admin/duplicate-users": "admin",
  "POST /admin/merge-accounts": "admin",
  "GET /admin/export-csv": "admin",
  // Announcements
  "POST /announcements": "admin",
  "PATCH /announcements/:id": "admin",
  // Analytics
  "GET /analytics/clicks": "admin",
  "GET /analytics/users": "admin",
} as const satisfies Record<RouteKey, RouteAccess>;

export type ApiRoute = keyof typeof API_ROUTES;

/** The rotation address: its own function (`redirect`), open to everyone, outside the /api app. */
export const ROTATION_ROUTE = "GET /programs/:id/redirect";

export function splitRoute(route: ApiRoute): { method: RouteMethod; path: string } {
  const [method, path] = route.split(" ") as [RouteMethod, string];
  return { method, path };
}
