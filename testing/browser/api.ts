import { appUrl } from "./browser";

/** Calls the API as a client would, to set up what a test needs without clicking through it. */
export async function api<T = any>(method: string, path: string, idToken?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${appUrl()}${path}`, {
    method,
    headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), ...(idToken ? { authorization: `Bearer ${idToken}` } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}
