import type { RouteName, RouteOutput } from "@hub/contract/routes";
import { callRoute, type RouteCallArgs } from "../http";
import { appUrl } from "./browser";

/** Calls the API as a client would, to set up what a test needs without clicking through it. */
export async function api<T = any>(method: string, path: string, idToken?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${appUrl()}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...(idToken ? { authorization: `Bearer ${idToken}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** The same by the route's name (testing/http.ts callRoute): its answer's body, or an error for a non-OK answer. */
export async function apiRoute<N extends RouteName>(name: N, ...[input]: RouteCallArgs<N>): Promise<RouteOutput<N>> {
  const res = await callRoute(name, ...([{ ...input, baseUrl: appUrl() }] as RouteCallArgs<N>));
  if (res.status < 200 || res.status >= 300) throw new Error(`${name}: ${res.status} ${res.text}`);
  return res.body;
}
