import { describe, expect, expectTypeOf, it, vi } from "vitest";
import { z } from "@hub/contract/zod";
import {
  ApiRequestError,
  ApiResponseError,
  buildUrl,
  createApiCaller,
  createApiClient,
  parseRetryAfter,
  toApiRequestError,
} from "./api-client";

// The app's default client reads the Firebase user; these tests build their own client instead.
vi.mock("./firebase", () => ({ auth: { currentUser: null } }));

interface Reply {
  status?: number;
  statusText?: string;
  body?: string;
  contentType?: string;
}

function reply({ status = 200, statusText = "", body = "", contentType = "application/json" }: Reply = {}): Response {
  return new Response(status === 204 ? null : body, { status, statusText, headers: { "content-type": contentType } });
}

function clientReplying(answer: Reply, token: string | null = null) {
  const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(reply(answer)));
  const request = createApiClient({ getIdToken: () => Promise.resolve(token), fetch });
  return { request, fetch };
}

describe("toApiRequestError", () => {
  it.each<[string, Reply, string]>([
    [
      "the contract's error body",
      {
        status: 403,
        statusText: "Forbidden",
        body: JSON.stringify({ code: "NO_ACTIVE_SUBSCRIPTION", message: "No active subscription found for this email address" }),
      },
      "403: No active subscription found for this email address",
    ],
    ["a JSON body with only a message", { status: 409, body: JSON.stringify({ message: "Taken" }) }, "409: Taken"],
    [
      "a text body",
      { status: 502, statusText: "Bad Gateway", body: "upstream timed out\n", contentType: "text/plain" },
      "502: upstream timed out",
    ],
    ["an empty body", { status: 404, statusText: "Not Found" }, "404: Not Found"],
    ["an empty body and no status text (HTTP/2)", { status: 500 }, "500: Request failed"],
    [
      "an HTML error page",
      { status: 503, statusText: "Service Unavailable", body: "<!doctype html><h1>oops</h1>", contentType: "text/html" },
      "503: Service Unavailable",
    ],
    ["JSON without a message", { status: 400, statusText: "Bad Request", body: JSON.stringify({ error: 1 }) }, "400: Bad Request"],
  ])("formats %s as {status}: {message}", async (_case, answer, expected) => {
    const error = await toApiRequestError(reply(answer));
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.message).toBe(expected);
    expect(error.status).toBe(answer.status);
  });

  it("keeps the code, the issues and the parsed body", async () => {
    const body = {
      code: "VALIDATION",
      message: "Invalid request",
      issues: [{ path: "email", message: "Please enter a valid email address" }],
    };
    const error = await toApiRequestError(reply({ status: 400, body: JSON.stringify(body) }));
    expect(error.code).toBe("VALIDATION");
    expect(error.issues).toEqual(body.issues);
    expect(error.body).toEqual(body);
  });

  it("keeps how long to wait from Retry-After (429)", async () => {
    const body = JSON.stringify({ code: "RATE_LIMITED", message: "Too many tests of this link" });
    const limited = new Response(body, { status: 429, headers: { "content-type": "application/json", "retry-after": "720" } });
    const error = await toApiRequestError(limited);
    expect(error.message).toBe("429: Too many tests of this link");
    expect(error.retryAfterSeconds).toBe(720);
    expect((await toApiRequestError(reply({ status: 429 }))).retryAfterSeconds).toBeUndefined();
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-01-01T12:00:00Z");
    expect(parseRetryAfter("30", now)).toBe(30);
    expect(parseRetryAfter("Thu, 01 Jan 2026 12:10:00 GMT", now)).toBe(600);
    expect(parseRetryAfter("Thu, 01 Jan 2026 11:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it("shortens a very long text body", async () => {
    const error = await toApiRequestError(reply({ status: 500, body: "x".repeat(2000), contentType: "text/plain" }));
    expect(error.message.length).toBeLessThan(520);
  });
});

describe("createApiClient", () => {
  it("sends cookies, the ID token and a JSON body", async () => {
    const { request, fetch } = clientReplying({ body: JSON.stringify({ sent: true }) }, "id-token-1");
    await request("/api/auth/email", { method: "POST", body: { email: "a@example.com" } });

    const [url, init] = fetch.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(url).toBe("/api/auth/email");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("include");
    expect(init?.body).toBe(JSON.stringify({ email: "a@example.com" }));
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(headers.get("Authorization")).toBe("Bearer id-token-1");
  });

  it("sends no Authorization header and no body when signed out and nothing to send", async () => {
    const { request, fetch } = clientReplying({ body: "[]" });
    await request("/api/programs");

    const [, init] = fetch.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(init?.method).toBe("GET");
    expect(init?.body).toBeUndefined();
    expect(headers.has("Authorization")).toBe(false);
    expect(headers.has("Content-Type")).toBe(false);
  });

  it("throws an ApiRequestError on a non-OK answer", async () => {
    const { request } = clientReplying({ status: 401, body: JSON.stringify({ code: "TOKEN_EXPIRED", message: "Login link expired" }) });
    await expect(request("/api/auth/login", { query: { token: "t" } })).rejects.toMatchObject({
      name: "ApiRequestError",
      message: "401: Login link expired",
      status: 401,
      code: "TOKEN_EXPIRED",
    });
  });

  it("answers null on 401 when asked to", async () => {
    const { request } = clientReplying({
      status: 401,
      body: JSON.stringify({ code: "UNAUTHENTICATED", message: "Authentication required" }),
    });
    await expect(request("/api/user", { schema: z.object({ id: z.string() }), on401: "returnNull" })).resolves.toBeNull();
  });

  it("still throws on 403 with on401 returnNull", async () => {
    const { request } = clientReplying({
      status: 403,
      body: JSON.stringify({ code: "BLOCKED", message: "Your account has been blocked" }),
    });
    await expect(request("/api/user", { on401: "returnNull" })).rejects.toThrow("403: Your account has been blocked");
  });

  it("parses the answer with the schema", async () => {
    const { request } = clientReplying({ body: JSON.stringify({ email: "a@example.com", customToken: "ct", extra: 1 }) });
    const schema = z.object({ email: z.string(), customToken: z.string() });
    await expect(request("/api/auth/login", { schema })).resolves.toEqual({ email: "a@example.com", customToken: "ct" });
  });

  it("rejects an answer that does not match the schema", async () => {
    const { request } = clientReplying({ body: JSON.stringify({ email: 1 }) });
    await expect(request("/api/auth/login", { schema: z.object({ email: z.string() }) })).rejects.toBeInstanceOf(ApiResponseError);
  });

  it("answers undefined for an empty body (204)", async () => {
    const { request } = clientReplying({ status: 204 });
    await expect(request("/api/logout", { method: "POST" })).resolves.toBeUndefined();
  });
});

describe("buildUrl", () => {
  it("adds the query and leaves out empty values", () => {
    expect(buildUrl("/api/auth/login", { token: "a b&c", skip: undefined, none: null })).toBe("/api/auth/login?token=a+b%26c");
    expect(buildUrl("/api/user")).toBe("/api/user");
  });
});

describe("callApi", () => {
  function callerReplying(answer: Reply) {
    const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(reply(answer)));
    return { ...createApiCaller({ getIdToken: () => Promise.resolve("id-token-1"), fetch }), fetch };
  }
  const sent = (fetch: ReturnType<typeof callerReplying>["fetch"]) => {
    const [url, init] = fetch.mock.calls[0] ?? [];
    return { url, method: init?.method, body: init?.body, headers: new Headers(init?.headers) };
  };

  it("takes the method and path from the table and encodes the parameters (an e-mail username)", async () => {
    const { callApi, fetch } = callerReplying({ status: 204 });
    await expect(callApi("deleteUser", { params: { username: "a+b@example.com" } })).resolves.toBeUndefined();
    expect(sent(fetch)).toMatchObject({ url: "/api/users/a%2Bb%40example.com", method: "DELETE", body: undefined });
  });

  it("parses the answer with the route's response schema", async () => {
    const { callApi, fetch } = callerReplying({ body: JSON.stringify({ status: "active", isActive: true, extra: 1 }) });
    await expect(callApi("checkSubscription", { params: { username: "x/y@example.com" } })).resolves.toEqual({
      status: "active",
      isActive: true,
    });
    expect(sent(fetch)).toMatchObject({ url: "/api/admin/check-subscription/x%2Fy%40example.com", method: "POST" });
  });

  it("rejects an answer that does not have the route's shape", async () => {
    const { callApi } = callerReplying({ body: JSON.stringify({ status: 1 }) });
    await expect(callApi("checkSubscription", { params: { username: "a@example.com" } })).rejects.toBeInstanceOf(ApiResponseError);
  });

  it("sends the body as JSON with the ID token", async () => {
    const { callApi, fetch } = callerReplying({ body: JSON.stringify({ sent: true }) });
    await expect(callApi("sendLoginLink", { body: { email: "a@example.com" } })).resolves.toEqual({ sent: true });
    const request = sent(fetch);
    expect(request).toMatchObject({ url: "/api/auth/email", method: "POST", body: JSON.stringify({ email: "a@example.com" }) });
    expect(request.headers.get("Content-Type")).toBe("application/json");
    expect(request.headers.get("Authorization")).toBe("Bearer id-token-1");
  });

  it("puts the query in the address", async () => {
    const { callApi, fetch } = callerReplying({ body: JSON.stringify({ email: "a@example.com", customToken: "ct" }) });
    await callApi("exchangeLoginToken", { query: { token: "a b&c" } });
    expect(sent(fetch)).toMatchObject({ url: "/api/auth/login?token=a+b%26c", method: "GET" });
  });

  it("answers null on 401 when asked to, and throws the API's error otherwise", async () => {
    const unauthenticated = { status: 401, body: JSON.stringify({ code: "UNAUTHENTICATED", message: "Authentication required" }) };
    await expect(callerReplying(unauthenticated).callApi("getCurrentUser", {}, { on401: "returnNull" })).resolves.toBeNull();
    await expect(callerReplying(unauthenticated).callApi("getCurrentUser")).rejects.toMatchObject({ name: "ApiRequestError", status: 401 });
  });

  it("gives a file route's file and its Content-Disposition", async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(() =>
      Promise.resolve(
        new Response("a,b\n", { headers: { "content-type": "text/csv", "content-disposition": 'attachment; filename="x.csv"' } }),
      ),
    );
    const { downloadApiFile } = createApiCaller({ getIdToken: () => Promise.resolve(null), fetch });
    const file = await downloadApiFile("exportCsv");
    expect(await file.blob.text()).toBe("a,b\n");
    expect(file.contentDisposition).toBe('attachment; filename="x.csv"');
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/admin/export-csv");
    expect(new Headers(init?.headers).get("Accept")).toBe("text/csv");
  });

  it("throws the API's error for a file route", async () => {
    const { downloadApiFile } = callerReplying({
      status: 403,
      body: JSON.stringify({ code: "FORBIDDEN", message: "Admin access required" }),
    });
    await expect(downloadApiFile("exportCsv")).rejects.toThrow("403: Admin access required");
  });

  it("types each call from the table (checked by tsc, not run)", () => {
    const { callApi } = callerReplying({});
    const calls = () => {
      expectTypeOf(callApi("deleteUser", { params: { username: "a" } })).resolves.toBeVoid();
      expectTypeOf(callApi("checkSubscription", { params: { username: "a" } })).resolves.toEqualTypeOf<{
        status: string;
        isActive: boolean;
      }>();
      expectTypeOf(callApi("checkSubscription", { params: { username: "a" } }, { on401: "returnNull" })).resolves.toEqualTypeOf<{
        status: string;
        isActive: boolean;
      } | null>();
      // @ts-expect-error the route needs its parameters
      void callApi("deleteUser");
      // @ts-expect-error the route has no parameters
      void callApi("listLinks", { params: { id: "x" } });
      // @ts-expect-error the body has the route's shape
      void callApi("sendLoginLink", { body: { email: 1 } });
      // @ts-expect-error a file route is downloaded, not called
      void callApi("exportCsv");
    };
    expect(calls).toBeTypeOf("function");
  });
});
