import type { z } from "zod";
import type { ErrorBody } from "@hub/contract/errors";
import type { Api, RouteCallInput, RouteName, RouteOutput, RouteSpec } from "@hub/contract/routes";
import { PUBLIC_READS, type PublicReadName } from "@hub/contract/public-reads";
import { buildUrl, type QueryParams } from "@hub/contract/urls";
import { loadedFirebaseAuth, loadFirebaseAuth } from "./firebase";

// The contract (and zod with it) loads with the first call, not with the page: the first page
// paints before any answer could be parsed anyway. Above, only types and the contract's modules
// without zod (public-reads, urls).
const loadErrors = () => import("@hub/contract/errors");
const loadRoutes = () => import("@hub/contract/routes");

/** A non-OK answer from /api. Its message is "{status}: {message}", as the contract fixes. */
export class ApiRequestError extends Error {
  override readonly name = "ApiRequestError";
  readonly status: number;
  /** The error body's `code` (e.g. NO_ACTIVE_SUBSCRIPTION), when the body was the contract's. */
  readonly code: string | undefined;
  readonly issues: ErrorBody["issues"];
  /** The parsed JSON body, else the body text, else undefined. */
  readonly body: unknown;
  /** Seconds until the call may be made again, from a `Retry-After` header (429 RATE_LIMITED), if any. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    status: number;
    detail: string;
    code?: string | undefined;
    issues?: ErrorBody["issues"];
    body?: unknown;
    retryAfterSeconds?: number | undefined;
  }) {
    super(`${String(init.status)}: ${init.detail}`);
    this.status = init.status;
    this.code = init.code;
    this.issues = init.issues;
    this.body = init.body;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** An OK answer whose body does not have the contract's shape. */
export class ApiResponseError extends Error {
  override readonly name = "ApiResponseError";
}

const MAX_DETAIL_LENGTH = 500;

/** Builds the error for a non-OK response: the JSON body's `message`, else the body text, else the status text. */
export async function toApiRequestError(response: Response): Promise<ApiRequestError> {
  const text = (await response.text().catch(() => "")).trim();
  let body: unknown = text || undefined;
  let detail = "";
  let code: string | undefined;
  let issues: ErrorBody["issues"];

  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    const { errorBodySchema } = await loadErrors();
    const parsed = errorBodySchema.safeParse(body);
    if (parsed.success) {
      ({ code, issues } = parsed.data);
      detail = parsed.data.message;
    } else if (isRecord(body) && typeof body.message === "string") {
      detail = body.message;
    } else if (typeof body === "string" && !looksLikeHtml(response, text)) {
      detail = text.length > MAX_DETAIL_LENGTH ? `${text.slice(0, MAX_DETAIL_LENGTH)}…` : text;
    }
  }

  return new ApiRequestError({
    status: response.status,
    detail: detail || response.statusText || "Request failed",
    code,
    issues,
    body,
    retryAfterSeconds: parseRetryAfter(response.headers.get("retry-after")),
  });
}

/** A `Retry-After` header in seconds: either delay-seconds or an HTTP date (then counted from now). */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

// An HTML error page (from a proxy or Hosting) says nothing a person could use in a toast.
function looksLikeHtml(response: Response, text: string): boolean {
  return (response.headers.get("content-type") ?? "").includes("text/html") || /^<(!doctype|html)/i.test(text);
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export { buildUrl, type QueryParams };

export interface RequestOptions<S extends z.ZodType = z.ZodType> {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  query?: QueryParams;
  /** The contract schema the answer is parsed with. Without it the JSON is returned unchecked. */
  schema?: S;
  /** "returnNull": a 401 answers null instead of throwing (e.g. GET /api/user with no session). */
  on401?: "returnNull" | "throw";
  signal?: AbortSignal;
}

export interface ApiClientDeps {
  /**
   * The signed-in user's Firebase ID token, or null when nobody is signed in. `needsCaller` is false
   * for a public route that does not read its caller: no need to wait for a sign-in to be known.
   */
  getIdToken: (call: { needsCaller: boolean }) => Promise<string | null>;
  fetch?: typeof fetch;
}

export interface ApiRequest {
  <S extends z.ZodType>(path: string, options: RequestOptions<S> & { schema: S; on401: "returnNull" }): Promise<z.output<S> | null>;
  <S extends z.ZodType>(path: string, options: RequestOptions<S> & { schema: S }): Promise<z.output<S>>;
  (path: string, options?: RequestOptions & { schema?: undefined }): Promise<unknown>;
}

export function createApiClient(deps: ApiClientDeps): ApiRequest {
  async function request(path: string, options: RequestOptions & { needsCaller?: boolean } = {}): Promise<unknown> {
    const { schema, on401 = "throw" } = options;
    const response = await send(deps, path, options);

    if (response.status === 401 && on401 === "returnNull") return null;
    if (!response.ok) throw await toApiRequestError(response);

    const text = await response.text();
    const data: unknown = text ? parseJson(text, path) : undefined;
    if (!schema) return data;
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new ApiResponseError(`Unexpected response from ${path}`, { cause: parsed.error });
    return parsed.data;
  }
  return request;
}

/** One fetch to /api: cookies, the signed-in user's ID token, the body as JSON. */
async function send(
  deps: ApiClientDeps,
  path: string,
  options: RequestOptions & { accept?: string; needsCaller?: boolean },
): Promise<Response> {
  const { method = "GET", body, query, signal, accept = "application/json", needsCaller = true } = options;
  const headers = new Headers({ Accept: accept });
  if (body !== undefined) headers.set("Content-Type", "application/json");
  const token = await deps.getIdToken({ needsCaller });
  if (token) headers.set("Authorization", `Bearer ${token}`);

  const doFetch = deps.fetch ?? globalThis.fetch;
  const init: RequestInit = { method, headers, credentials: "include" };
  if (body !== undefined) init.body = JSON.stringify(body);
  if (signal) init.signal = signal;
  return doFetch(buildUrl(path, query), init);
}

function parseJson(text: string, path: string): unknown {
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new ApiResponseError(`Unexpected response from ${path}`, { cause });
  }
}

// ---- Calls by route name -------------------------------------------------------------------------
// The contract's table (API) knows every route's method, path and schemas, so a feature names the
// route and passes its typed parts: no path, method or response schema is written twice, and a
// route the server changes fails to compile here instead of failing at run time.

type FileRouteName = { [N in RouteName]: Api[N] extends { file: string } ? N : never }[RouteName];
type JsonRouteName = Exclude<RouteName, FileRouteName>;

/** The parts a call sends, as the contract types them for every client (the tests' helpers too). */
export type CallInput<N extends RouteName> = RouteCallInput<N>;
export interface CallOptions {
  signal?: AbortSignal;
}
// A route with nothing to send is called with its name alone.
type CallArgs<N extends RouteName> =
  Partial<CallInput<N>> extends CallInput<N> ? [input?: CallInput<N>, options?: CallOptions] : [input: CallInput<N>, options?: CallOptions];

export interface ApiCall {
  /** "returnNull": a 401 answers null instead of throwing (GET /api/user with no session). */
  <N extends JsonRouteName>(name: N, input: CallInput<N>, options: CallOptions & { on401: "returnNull" }): Promise<RouteOutput<N> | null>;
  <N extends JsonRouteName>(name: N, ...args: CallArgs<N>): Promise<RouteOutput<N>>;
}

/** A file route's answer: the file, and its Content-Disposition header (which names it). */
export interface ApiFile {
  blob: Blob;
  contentDisposition: string | null;
}
export type DownloadApiFile = <N extends FileRouteName>(name: N, ...args: CallArgs<N>) => Promise<ApiFile>;

interface LooseInput {
  params?: Record<string, string>;
  query?: QueryParams;
  body?: unknown;
}

/** callApi (JSON, parsed by the route's response schema) and downloadApiFile (a file route) over one client. */
export function createApiCaller(deps: ApiClientDeps): { callApi: ApiCall; downloadApiFile: DownloadApiFile } {
  const request = createApiClient(deps) as (path: string, options: RequestOptions & { needsCaller: boolean }) => Promise<unknown>;

  async function callApi(
    name: JsonRouteName,
    input: LooseInput = {},
    options: CallOptions & { on401?: "returnNull" } = {},
  ): Promise<unknown> {
    const { API, pathOf } = await loadRoutes();
    const spec: RouteSpec = API[name];
    return request(pathOf(spec, input.params), {
      method: spec.method,
      body: input.body,
      query: input.query,
      schema: spec.response,
      needsCaller: needsCaller(spec),
      ...options,
    });
  }

  async function downloadApiFile(name: FileRouteName, input: LooseInput = {}, options: CallOptions = {}): Promise<ApiFile> {
    const { API, pathOf } = await loadRoutes();
    const spec: RouteSpec = API[name];
    const response = await send(deps, pathOf(spec, input.params), {
      method: spec.method,
      query: input.query,
      accept: spec.file,
      needsCaller: needsCaller(spec),
      ...options,
    });
    if (!response.ok) throw await toApiRequestError(response);
    return { blob: await response.blob(), contentDisposition: response.headers.get("content-disposition") };
  }

  return { callApi: callApi as ApiCall, downloadApiFile: downloadApiFile as DownloadApiFile };
}

/**
 * A visitor's first page reads (the community, the shared programs), checked by hand instead of by
 * the route's schema: the page renders without loading the contract and zod. Sends the token if
 * Firebase Auth is there, without waiting for it, as callApi does for these routes.
 */
export function createPublicReader(deps: ApiClientDeps) {
  return async function readPublic<N extends PublicReadName>(name: N, options: CallOptions = {}): Promise<RouteOutput<N>> {
    const { path, check } = PUBLIC_READS[name];
    const response = await send(deps, path, { needsCaller: false, ...options });
    if (!response.ok) throw await toApiRequestError(response);
    const text = await response.text();
    const checked = check(text ? parseJson(text, path) : undefined);
    if (checked === undefined) throw new ApiResponseError(`Unexpected response from ${path}`);
    return checked as RouteOutput<N>;
  };
}

/** Whether a route reads who calls it: every route but the public ones without an optional caller. */
function needsCaller(spec: Pick<RouteSpec, "access" | "optionalCaller">): boolean {
  return spec.access !== "public" || spec.optionalCaller === true;
}

/**
 * The app's client: sends the signed-in user's ID token with every call. A public call that does
 * not read its caller does not wait for Firebase Auth to load (it sends the token if Auth is there).
 */
const appDeps: ApiClientDeps = {
  getIdToken: async ({ needsCaller }) => {
    const firebase = needsCaller ? await loadFirebaseAuth() : loadedFirebaseAuth();
    if (!firebase) return null;
    await firebase.auth.authStateReady();
    const user = firebase.auth.currentUser;
    return user ? user.getIdToken() : null;
  },
};
export const { callApi, downloadApiFile } = createApiCaller(appDeps);
export const readPublic = createPublicReader(appDeps);
