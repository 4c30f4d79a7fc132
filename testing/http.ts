import { API, pathOf, type RouteCallInput, type RouteName, type RouteOutput, type RouteSpec } from "@hub/contract/routes";
import { buildUrl, type QueryParams } from "@hub/contract/urls";
import { checkAnswerShape } from "./answer-shape";
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
  const route = routeAt(method, path);
  // every successful answer of a route, strictly against its published schema: a field the schema
  // does not list fails the test, so the reference cannot drift from what the server sends
  if (route && res.status === (route.spec.status ?? 200)) checkAnswerShape(route.name, route.spec, parsed);
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

// Each route's path as Express matches it (`:param` one segment), in the table's order, as registered.
const ROUTE_PATTERNS = (Object.keys(API) as RouteName[]).map((name) => {
  const spec: RouteSpec = API[name];
  return { name, spec, pattern: new RegExp(`^/api${spec.path.replace(/:\w+/g, "[^/]+")}/?$`, "i") };
});

/** The route a call to this method and address reaches, if any. */
function routeAt(method: string, path: string): { name: RouteName; spec: RouteSpec } | undefined {
  const pathname = path.split(/[?#]/, 1)[0]!;
  return ROUTE_PATTERNS.find((r) => r.spec.method === method.toUpperCase() && r.pattern.test(pathname));
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
 * Calls a route by its name, with the parts its schemas read (its answer checked as `call` checks
 * every route's); `body` has the route's type when the status says success.
 */
export async function callRoute<N extends RouteName>(name: N, ...[input]: RouteCallArgs<N>): Promise<ApiAnswer<RouteOutput<N>>> {
  const { params, query, body, ...transport } = (input ?? {}) as LooseCall;
  const spec: RouteSpec = API[name];
  return call<RouteOutput<N>>(spec.method, buildUrl(pathOf(spec, params), query), {
    ...transport,
    ...(body === undefined ? {} : { body }),
  });
}
