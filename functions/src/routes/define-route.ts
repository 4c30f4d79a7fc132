import type { RequestHandler, Router } from "express";
import { API_ROUTES, splitRoute, type ApiRoute, type RouteAccess } from "@hub/contract/routes";
import { authenticate } from "../middleware/auth";

// What each kind of access puts in front of a route's handlers.
const GUARDS: Record<RouteAccess, RequestHandler[]> = {
  public: [],
  member: [authenticate("member")],
  admin: [authenticate("admin")],
  impersonation: [authenticate("impersonation")],
};

const METHODS = { GET: "get", POST: "post", PATCH: "patch", DELETE: "delete" } as const;

/**
 * Registers a route of the contract's table with the guard its access level asks for: the table,
 * not each router, decides who may call (contract/routes.ts).
 */
export function defineRoute(router: Router, route: ApiRoute, ...handlers: RequestHandler[]): void {
  const { method, path } = splitRoute(route);
  router[METHODS[method]](path, ...GUARDS[API_ROUTES[route]], ...handlers);
}
