import type { Request, Response } from "express";
import type { Api, RouteInput, RouteName, RouteOutput } from "@hub/contract/routes";
import type { Caller } from "./accounts/caller";

/*
 * What a router module gives for the contract's routes of its resource, and what each handler
 * receives. Types only, below the capabilities: every router imports them, while route-table.ts
 * (which puts the auth guard in front) stands above them all.
 */

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
