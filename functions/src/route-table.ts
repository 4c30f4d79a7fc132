import { Router as newRouter, type Request, type RequestHandler, type Response, type Router } from "express";
import { API, readAnswer, type RouteAccess, type RouteName, type RouteSpec } from "@hub/contract/routes";
import { authenticate, callerOf } from "./auth/auth.guard";
import { ApiError } from "./platform/api-error";
import type { RouteHandlers } from "./route-handlers";

// What each kind of access puts in front of a route's handler.
const GUARDS: Record<RouteAccess, RequestHandler[]> = {
  public: [],
  member: [authenticate("member")],
  admin: [authenticate("admin")],
  impersonation: [authenticate("impersonation")],
};

const METHODS = { GET: "get", POST: "post", PUT: "put", PATCH: "patch", DELETE: "delete" } as const;

/**
 * Registers every route of the contract's table with its handler: the guard its access asks for,
 * then its params (invalid: 404, the id names nothing), query and body (invalid: 400 VALIDATION)
 * parsed by the table's schemas, then the handler, whose answer is sent as the table says (JSON,
 * a file, or 204). Routes are registered in the table's order (`/links/bulk` before `/links/:id`).
 * The handlers' type has a key for every route, so a route without a handler does not compile.
 */
export function registerRoutes(router: Router, handlers: RouteHandlers<RouteName>): void {
  router.use(malformedPaths());
  for (const name of Object.keys(API) as RouteName[]) {
    const spec: RouteSpec = API[name];
    const guards = spec.optionalCaller ? [authenticate("optional")] : GUARDS[spec.access];
    router[METHODS[spec.method]](spec.path, ...guards, async (req, res) => {
      const context = {
        params: parseParams(spec, req),
        query: spec.query?.parse(req.query),
        body: spec.body?.parse(req.body ?? {}),
        caller: spec.access === "public" ? req.caller : callerOf(req),
        req,
        res,
      };
      const output: unknown = await (handlers[name] as (context: unknown) => unknown)(context);
      send(spec, res, output);
    });
  }
}

/** Whether every segment of the path is valid percent-encoded UTF-8 (Express cannot decode it otherwise). */
function decodes(path: string): boolean {
  try {
    for (const segment of path.split("/")) decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

// A route's path as a pattern over the raw (still encoded) path: each `:param` one non-empty segment.
const rawPattern = (path: string) => new RegExp(`^${path.replace(/:\w+/g, "[^/]+")}/?$`, "i");

/**
 * A path parameter that is not valid percent-encoded UTF-8 (`%FF`, `%ED%A0%80`) names nothing: Express
 * would fail to decode it and answer 500. Such a path answers 404 NOT_FOUND like an unknown id, but only
 * after the access check of the route it addresses (an anonymous call to an admin route stays 401).
 */
function malformedPaths(): RequestHandler {
  const routes = Object.values(API).map((spec: RouteSpec) => {
    const checks = newRouter();
    checks.use(...(spec.optionalCaller ? [authenticate("optional")] : GUARDS[spec.access]), () => {
      throw new ApiError("NOT_FOUND", "Not found");
    });
    return { method: spec.method, pattern: rawPattern(spec.path), checks };
  });
  return (req, res, next) => {
    if (decodes(req.path)) return next();
    const method = req.method === "HEAD" ? "GET" : req.method;
    const route = routes.find((r) => r.method === method && r.pattern.test(req.path));
    if (!route) return next(new ApiError("NOT_FOUND", "Not found"));
    route.checks(req, res, next);
  };
}

function parseParams(spec: RouteSpec, req: Request): unknown {
  if (!spec.params) return undefined;
  const parsed = spec.params.safeParse(req.params);
  if (!parsed.success) throw new ApiError("NOT_FOUND", parsed.error.issues[0]?.message ?? "Not found");
  return parsed.data;
}

function send(spec: RouteSpec, res: Response, output: unknown): void {
  if (spec.status === 204) res.status(204).end();
  else if (spec.file) res.status(200).set("Content-Type", `${spec.file}; charset=utf-8`).send(output);
  else res.status(spec.status ?? 200).json(answerOf(spec, output));
}

/**
 * The JSON answer as the route's published schema reads the handler's output: only the fields the
 * schema lists (a stored field a handler passed through, such as a link's `pastProgramIds`, is not
 * sent). An output the schema refuses is the server's fault, a 500, never the client's 400.
 */
function answerOf(spec: RouteSpec, output: unknown): unknown {
  const read = readAnswer(spec, output);
  if (read.ok) return read.answer;
  throw new Error(`${spec.method} ${spec.path}: the answer does not match its schema: ${read.problems}`);
}
