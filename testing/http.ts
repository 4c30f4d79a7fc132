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

/** Calls the API as a client would: through Hosting, JSON in and out. */
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
