import type { Request, RequestHandler, Response, Router } from "express";
import { API, type Api, type RouteAccess, type RouteInput, type RouteName, type RouteOutput, type RouteSpec } from "@hub/contract/routes";
import { authenticate, callerOf } from "./auth/auth.guard";
import type { Caller } from "./accounts/caller";
import { ApiError } from "./platform/api-error";

/** What a route's handler receives: its input parsed by the table's schemas, and who calls. */
export interface RouteContext<N extends RouteName> {
  params: RouteInput<N, "params">;
  query: RouteInput<N, "query">;
  body: RouteInput<N, "body">;
  /** Always there behind a guard; on a public route, there only when it reads an optional caller. */
  caller: Api[N]["access"] extends "public" ? Caller | undefined : Caller;
  /** For what the table does not describe: the client's address, a header to set (caching, a file's name). */
  req: Request;
  res: Response;
}

export type RouteHandler<N extends RouteName> = (context: RouteContext<N>) => RouteOutput<N> | Promise<RouteOutput<N>>;

/** The handlers of some routes of the table: each router module gives those of its own resource. */
export type RouteHandlers<N extends RouteName> = { [K in N]: RouteHandler<K> };

// What each kind of access puts in front of a route's handler.
const GUARDS: Record<RouteAccess, RequestHandler[]> = {
  public: [],
  member: [authenticate("member")],
  admin: [authenticate("admin")],
  impersonation: [authenticate("impersonation")],
};

const METHODS = { GET: "get", POST: "post", PATCH: "patch", DELETE: "delete" } as const;

/**
 * Registers every route of the contract's table with its handler: the guard its access asks for,
 * then its params (invalid: 404, the id names nothing), query and body (invalid: 400 VALIDATION)
 * parsed by the table's schemas, then the handler, whose answer is sent as the table says (JSON,
 * a file, or 204). Routes are registered in the table's order (`/links/bulk` before `/links/:id`).
 * The handlers' type has a key for every route, so a route without a handler does not compile.
 */
export function registerRoutes(router: Router, handlers: RouteHandlers<RouteName>): void {
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

function parseParams(spec: RouteSpec, req: Request): unknown {
  if (!spec.params) return undefined;
  const parsed = spec.params.safeParse(req.params);
  if (!parsed.success) throw new ApiError("NOT_FOUND", parsed.error.issues[0]?.message ?? "Not found");
  return parsed.data;
}

function send(spec: RouteSpec, res: Response, output: unknown): void {
  if (spec.status === 204) res.status(204).end();
  else if (spec.file) res.status(200).set("Content-Type", `${spec.file}; charset=utf-8`).send(output);
  else res.status(spec.status ?? 200).json(output);
}
