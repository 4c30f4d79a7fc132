import { API, pathOf, type RouteCallInput, type RouteName, type RouteOutput, type RouteSpec } from "@hub/contract/routes";
import { buildUrl, type QueryParams } from "@hub/contract/urls";
import { suite } from "./suite-env";

export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

interface CallOptions {
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  idToken?: string;
  headers?: Record<string, string>;
  baseUrl?: string;
}

/**
 * Calls the API as a client would: through Hosting, JSON in and out. Any method, path and body: for
 * what the route table cannot say on purpose (malformed paths and bodies, raw webhook bodies, addresses
 * outside /api); every other call names its route (callRoute).
 */
export async function call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers["content-type"] = options.contentType ?? "application/json";
  if (options.idToken) headers.authorization = `Bearer ${options.idToken}`;
  const res = await fetch(`${options.baseUrl ?? suite.appUrl}${path}`, { method, headers, body, redirect: "manual" });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

// ---- Calls by route name -------------------------------------------------------------------------
// As the web app's callApi does (web/src/lib/api-client.ts): the contract's table (API) knows each
// route's method, path and schemas, so a helper names the route and passes its typed parts.

/** How a call travels: whose token, what more headers, which origin (the suite's app by default). */
export interface Transport {
  idToken?: string;
  headers?: Record<string, string>;
  baseUrl?: string;
}

/** A route's parts (params, query, body as its schemas read them) and how the call travels. */
export type RouteCall<N extends RouteName> = RouteCallInput<N> & Transport;
// A route with nothing to send is called with its name alone.
export type RouteCallArgs<N extends RouteName> =
  Partial<RouteCallInput<N>> extends RouteCallInput<N> ? [call?: RouteCall<N>] : [call: RouteCall<N>];
type RoutePathInput<N extends RouteName> = Omit<RouteCallInput<N>, "body">;
type RoutePathArgs<N extends RouteName> =
  Partial<RoutePathInput<N>> extends RoutePathInput<N> ? [input?: RoutePathInput<N>] : [input: RoutePathInput<N>];

interface LooseCall extends Transport {
  params?: Record<string, string>;
  query?: QueryParams;
  body?: unknown;
}

/** A route's address from the site's root, its parameters encoded and its query appended: for a bench's own fetch. */
export function routePath<N extends RouteName>(name: N, ...[input]: RoutePathArgs<N>): string {
  const { params, query } = (input ?? {}) as LooseCall;
  return buildUrl(pathOf(API[name], params), query);
}

/**
 * Calls a route by its name, with the parts its schemas read. The answer is not parsed by the
 * route's schema: a test sees whatever came back, and `body` has the route's type when the status
 * says success.
 */
export async function callRoute<N extends RouteName>(name: N, ...[input]: RouteCallArgs<N>): Promise<ApiAnswer<RouteOutput<N>>> {
  const { params, query, body, ...transport } = (input ?? {}) as LooseCall;
  const spec: RouteSpec = API[name];
  return call<RouteOutput<N>>(spec.method, buildUrl(pathOf(spec, params), query), {
    ...transport,
    ...(body === undefined ? {} : { body }),
  });
}
