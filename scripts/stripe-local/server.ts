// A tiny in-memory stand-in for the Stripe API (customers + subscriptions),
// good enough to be driven by the real `stripe` SDK pointed at it:
//   new Stripe("sk_test_local", { host: "127.0.0.1", port, protocol: "http" })
// Run directly: npx tsx scripts/stripe-local/server.ts --port 12111
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { SEED_CUSTOMERS, type SubscriptionStatus } from "./seed.js";

const SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = [
  "active",
  "trialing",
  "past_due",
  "canceled",
  "unpaid",
  "incomplete",
  "incomplete_expired",
  "paused",
];
const DAY = 86_400;

type Metadata = Record<string, string>;
/** Decoded form/query parameters: `a[b][0]=c` becomes { a: { b: { "0": "c" } } }. */
type Params = { [key: string]: string | Params };

interface Customer {
  id: string;
  object: "customer";
  created: number;
  email: string | null;
  name: string | null;
  description: string | null;
  phone: string | null;
  metadata: Metadata;
  livemode: false;
  address: null;
  balance: number;
  currency: null;
  default_source: null;
  delinquent: boolean;
  invoice_prefix: string;
  preferred_locales: string[];
  tax_exempt: "none";
}

interface SubscriptionItem {
  id: string;
  object: "subscription_item";
  created: number;
  price: { id: string; object: "price" };
  quantity: number;
  subscription: string;
  current_period_start: number;
  current_period_end: number;
  metadata: Metadata;
}

interface Subscription {
  id: string;
  object: "subscription";
  created: number;
  customer: string;
  status: SubscriptionStatus;
  start_date: number;
  billing_cycle_anchor: number;
  current_period_start: number;
  current_period_end: number;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  trial_start: number | null;
  trial_end: number | null;
  collection_method: "charge_automatically";
  currency: string;
  items: { object: "list"; data: SubscriptionItem[]; has_more: false; total_count: number; url: string };
  metadata: Metadata;
  livemode: false;
}

interface State {
  customers: Map<string, Customer>;
  subscriptions: Map<string, Subscription>;
  /** Last `created` handed out; kept strictly increasing so newest-first order is total. */
  clock: number;
  /** Idempotency-Key -> first reply, so SDK retries of a POST never create twice. */
  idempotency: Map<string, { fingerprint: string; reply: Reply }>;
  /** Added before every API answer, to model a real Stripe's round trip (benches). */
  latencyMs: number;
  /** What `latencyMs` returns to on reset (the server's start option). */
  startLatencyMs: number;
  /** Injected failures (tests): the matching calls after the first `after` answer `status`, `count` times. */
  faults: Fault[];
  /** API calls answered since the last reset, and the last 1,000 of them as "METHOD /path?query" (`GET /__stats`). */
  calls: number;
  requests: string[];
}

interface Fault {
  method: string;
  path: string;
  after: number;
  count: number;
  status: number;
  seen: number;
}

interface Reply {
  status: number;
  body: unknown;
  replayed?: boolean;
}

/** An error rendered in Stripe's `{ error: { type, message, code?, param? } }` shape. */
class StripeApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly param: string | undefined;
  readonly type: string;

  constructor(status: number, message: string, opts: { code?: string; param?: string; type?: string } = {}) {
    super(message);
    this.status = status;
    this.code = opts.code;
    this.param = opts.param;
    this.type = opts.type ?? "invalid_request_error";
  }

  toReply(): Reply {
    const error: Record<string, string> = { type: this.type, message: this.message };
    if (this.code) {
      error.code = this.code;
      error.doc_url = `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, "-")}`;
    }
    if (this.param) error.param = this.param;
    return { status: this.status, body: { error } };
  }
}

const invalid = (message: string, param?: string) => new StripeApiError(400, message, { param });
// Unknown ids in the URL are 404s; unknown ids passed as parameters are 400s (as in Stripe).
const noSuch = (kind: string, id: string, param: string, status = 404) =>
  new StripeApiError(status, `No such ${kind}: '${id}'`, { code: "resource_missing", param });

const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
function randomAlnum(length: number): string {
  return Array.from(randomBytes(length), (b) => ALPHANUMERIC.charAt(b % ALPHANUMERIC.length)).join("");
}
const newId = (prefix: string) => `${prefix}_${randomAlnum(14)}`;
const unixNow = () => Math.floor(Date.now() / 1000);

function tick(state: State, notBefore = unixNow()): number {
  state.clock = Math.max(notBefore, state.clock + 1);
  return state.clock;
}

// ---------------------------------------------------------------- parameters

/** Parses Stripe's bracket notation (`metadata[a]=b`, `items[0][price]=x`) into nested objects. */
function parseParams(search: URLSearchParams): Params {
  const root: Params = {};
  for (const [rawKey, value] of search) {
    const head = rawKey.split("[", 1)[0] ?? rawKey;
    const path = [head, ...Array.from(rawKey.slice(head.length).matchAll(/\[([^\]]*)\]/g), (m) => m[1] ?? "")];
    let node = root;
    path.forEach((key, i) => {
      if (i === path.length - 1) {
        node[key] = value;
        return;
      }
      const child = node[key];
      node = node[key] = typeof child === "object" ? child : {};
    });
  }
  return root;
}

function optString(params: Params, key: string): string | undefined {
  const value = params[key];
  if (value === undefined || typeof value === "string") return value;
  throw invalid(`Invalid string: ${key} must be a string`, key);
}

function optBoolean(params: Params, key: string): boolean | undefined {
  const value = optString(params, key);
  if (value === undefined) return undefined;
  if (value === "true" || value === "false") return value === "true";
  throw invalid(`Invalid boolean: ${value}`, key);
}

function parseStatus(value: string): SubscriptionStatus {
  const status = SUBSCRIPTION_STATUSES.find((s) => s === value);
  if (!status) throw invalid(`Invalid status: must be one of ${SUBSCRIPTION_STATUSES.join(", ")}`, "status");
  return status;
}

/** Stripe merges metadata on update; an empty value unsets a key and `metadata=` clears all. */
function mergeMetadata(current: Metadata, params: Params): Metadata {
  const input = params.metadata;
  if (input === undefined) return current;
  if (input === "") return {};
  if (typeof input === "string") throw invalid("Invalid object", "metadata");
  const next = { ...current };
  for (const [key, value] of Object.entries(input)) {
    if (typeof value !== "string") throw invalid("Invalid metadata value", `metadata[${key}]`);
    if (value === "") delete next[key];
    else next[key] = value;
  }
  return next;
}

// ---------------------------------------------------------------- resources

function createCustomer(state: State, params: Params, created = tick(state)): Customer {
  const customer: Customer = {
    id: newId("cus"),
    object: "customer",
    created,
    email: optString(params, "email") || null,
    name: optString(params, "name") || null,
    description: optString(params, "description") || null,
    phone: optString(params, "phone") || null,
    metadata: mergeMetadata({}, params),
    livemode: false,
    address: null,
    balance: 0,
    currency: null,
    default_source: null,
    delinquent: false,
    invoice_prefix: randomAlnum(8).toUpperCase(),
    preferred_locales: [],
    tax_exempt: "none",
  };
  state.customers.set(customer.id, customer);
  return customer;
}

/** Sets a status plus the timestamps Stripe keeps consistent with it. */
function applyStatus(sub: Subscription, status: SubscriptionStatus, at: number): void {
  const ended = status === "canceled" || status === "incomplete_expired";
  if (ended && sub.ended_at === null) {
    sub.ended_at = at;
    sub.canceled_at = status === "canceled" ? at : null;
  } else if (!ended) {
    sub.ended_at = sub.canceled_at = null;
  }
  sub.status = status;
}

function createSubscription(state: State, params: Params, created = tick(state)): Subscription {
  const customer = optString(params, "customer");
  if (!customer) {
    throw new StripeApiError(400, "Missing required param: customer.", { code: "parameter_missing", param: "customer" });
  }
  if (!state.customers.has(customer)) throw noSuch("customer", customer, "customer", 400);
  // `status` is a local-only extension so tests can create subscriptions in any state.
  const status = parseStatus(optString(params, "status") ?? "active");
  const trialEnd = status === "trialing" ? created + 14 * DAY : null;
  const periodEnd = trialEnd ?? created + 30 * DAY;
  const id = newId("sub");

  const rawItems = typeof params.items === "object" ? Object.values(params.items) : [];
  const items = rawItems.map((item): SubscriptionItem => {
    const price = typeof item === "object" ? optString(item, "price") : undefined;
    if (!price) throw invalid("Missing required param: items[][price].", "items");
    return {
      id: newId("si"),
      object: "subscription_item",
      created,
      price: { id: price, object: "price" },
      quantity: Number((typeof item === "object" && optString(item, "quantity")) || 1),
      subscription: id,
      current_period_start: created,
      current_period_end: periodEnd,
      metadata: {},
    };
  });

  const sub: Subscription = {
    id,
    object: "subscription",
    created,
    customer,
    status,
    start_date: created,
    billing_cycle_anchor: created,
    current_period_start: created,
    current_period_end: periodEnd,
    cancel_at_period_end: optBoolean(params, "cancel_at_period_end") ?? false,
    canceled_at: null,
    ended_at: null,
    trial_start: trialEnd === null ? null : created,
    trial_end: trialEnd,
    collection_method: "charge_automatically",
    currency: "usd",
    items: { object: "list", data: items, has_more: false, total_count: items.length, url: `/v1/subscription_items?subscription=${id}` },
    metadata: mergeMetadata({}, params),
    livemode: false,
  };
  applyStatus(sub, status, created);
  state.subscriptions.set(id, sub);
  return sub;
}

function updateSubscription(sub: Subscription, params: Params): Subscription {
  const status = optString(params, "status");
  if (status !== undefined) applyStatus(sub, parseStatus(status), unixNow());
  sub.cancel_at_period_end = optBoolean(params, "cancel_at_period_end") ?? sub.cancel_at_period_end;
  sub.metadata = mergeMetadata(sub.metadata, params);
  return sub;
}

function getOr404<T>(map: Map<string, T>, id: string, kind: string): T {
  const found = map.get(id);
  if (!found) throw noSuch(kind, id, "id");
  return found;
}

/** Stripe's cursor pagination: newest first, `limit` 1..100 (default 10), `starting_after` / `ending_before`. */
function listPage<T extends { id: string; created: number }>(
  all: Map<string, T>,
  keep: (item: T) => boolean,
  params: Params,
  url: string,
  kind: string,
) {
  const rawLimit = optString(params, "limit") ?? "10";
  const limit = Number(rawLimit);
  if (!/^\d+$/.test(rawLimit)) throw invalid(`Invalid integer: ${rawLimit}`, "limit");
  if (limit < 1 || limit > 100) throw invalid("This value must be between 1 and 100.", "limit");
  const after = optString(params, "starting_after");
  const before = optString(params, "ending_before");
  if (after && before) throw invalid("You may only specify one of these parameters: ending_before, starting_after.");

  let rows = [...all.values()].filter(keep).sort((a, b) => b.created - a.created);
  const cursorId = after || before;
  if (cursorId) {
    const cursor = all.get(cursorId);
    if (!cursor) throw noSuch(kind, cursorId, after ? "starting_after" : "ending_before", 400);
    rows = rows.filter((row) => (after ? row.created < cursor.created : row.created > cursor.created));
  }
  // ending_before returns the page just above the cursor, still newest first.
  const data = before ? rows.slice(-limit) : rows.slice(0, limit);
  return { object: "list", data, has_more: rows.length > limit, url };
}

/** `expand[]=a` / `expand[0]=a` as the SDK sends it. */
function expansions(params: Params): string[] {
  const expand = params.expand;
  if (expand === undefined) return [];
  return typeof expand === "string" ? [expand] : Object.values(expand).filter((v): v is string => typeof v === "string");
}

function statusMatches(actual: SubscriptionStatus, filter: string | undefined): boolean {
  const ended = actual === "canceled" || actual === "incomplete_expired";
  if (filter === undefined) return !ended; // Stripe hides ended subscriptions unless asked
  if (filter === "all") return true;
  if (filter === "ended") return ended;
  return actual === parseStatus(filter);
}

// ---------------------------------------------------------------- state & routes

function createState(): State {
  const state: State = {
    customers: new Map(),
    subscriptions: new Map(),
    clock: 0,
    idempotency: new Map(),
    latencyMs: 0,
    startLatencyMs: 0,
    faults: [],
    calls: 0,
    requests: [],
  };
  resetState(state);
  return state;
}

function resetState(state: State): void {
  state.latencyMs = state.startLatencyMs;
  state.faults = [];
  state.calls = 0;
  state.requests = [];
  state.customers.clear();
  state.subscriptions.clear();
  state.idempotency.clear();
  // Seed objects are dated a week back so their periods look like real, running ones.
  state.clock = unixNow() - 7 * DAY;
  for (const seed of SEED_CUSTOMERS) {
    const customer = createCustomer(state, { email: seed.email, name: seed.name }, tick(state, 0));
    createSubscription(
      state,
      { customer: customer.id, status: seed.subscriptionStatus, items: { 0: { price: seed.priceId } } },
      tick(state, 0),
    );
  }
}

type Handler = (params: Params, id: string) => unknown;

function routes(state: State): Array<[method: string, path: RegExp, handler: Handler]> {
  return [
    [
      "GET",
      /^\/v1\/customers$/,
      (q) => {
        const email = optString(q, "email");
        return listPage(state.customers, (c) => email === undefined || c.email === email, q, "/v1/customers", "customer");
      },
    ],
    ["POST", /^\/v1\/customers$/, (p) => createCustomer(state, p)],
    ["GET", /^\/v1\/customers\/([^/]+)$/, (_, id) => getOr404(state.customers, id, "customer")],
    [
      "GET",
      /^\/v1\/subscriptions$/,
      (q) => {
        const customer = optString(q, "customer");
        const status = optString(q, "status");
        if (status !== undefined && status !== "all" && status !== "ended") parseStatus(status);
        const keep = (s: Subscription) => (!customer || s.customer === customer) && statusMatches(s.status, status);
        const page = listPage(state.subscriptions, keep, q, "/v1/subscriptions", "subscription");
        if (!expansions(q).includes("data.customer")) return page;
        return { ...page, data: page.data.map((sub) => ({ ...sub, customer: state.customers.get(sub.customer) ?? sub.customer })) };
      },
    ],
    ["POST", /^\/v1\/subscriptions$/, (p) => createSubscription(state, p)],
    ["GET", /^\/v1\/subscriptions\/([^/]+)$/, (_, id) => getOr404(state.subscriptions, id, "subscription")],
    ["POST", /^\/v1\/subscriptions\/([^/]+)$/, (p, id) => updateSubscription(getOr404(state.subscriptions, id, "subscription"), p)],
    [
      "DELETE",
      /^\/v1\/subscriptions\/([^/]+)$/,
      (_, id) => {
        const sub = getOr404(state.subscriptions, id, "subscription");
        applyStatus(sub, "canceled", unixNow());
        return sub;
      },
    ],
  ];
}

// ---------------------------------------------------------------- HTTP

function authenticate(header: string | undefined): string {
  if (!header) {
    throw new StripeApiError(
      401,
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  // Bearer is what the SDK sends; Basic (`curl -u sk_test_x:`) is accepted too, as Stripe does.
  const [scheme = "", token = ""] = header.split(/\s+/, 2);
  const key = /^basic$/i.test(scheme) ? (Buffer.from(token, "base64").toString().split(":")[0] ?? "") : token;
  if (!/^bearer$|^basic$/i.test(scheme) || !key.startsWith("sk_")) {
    throw new StripeApiError(401, `Invalid API Key provided: ${key.slice(0, 8)}***`);
  }
  return key;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** Counts the call against every matching fault; the first whose turn it is fails it. */
function injectedFault(state: State, method: string, path: string): Fault | undefined {
  let failing: Fault | undefined;
  for (const fault of state.faults) {
    if (fault.method !== method || fault.path !== path) continue;
    fault.seen++;
    if (!failing && fault.seen > fault.after && fault.seen <= fault.after + fault.count) failing = fault;
  }
  return failing;
}

async function handle(state: State, table: ReturnType<typeof routes>, req: http.IncomingMessage): Promise<Reply> {
  try {
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", "http://stripe.local");
    const body = await readBody(req);
    if (method === "POST" && url.pathname === "/__reset") {
      resetState(state);
      return { status: 200, body: { ok: true } };
    }
    // Local-only controls: a latency per call, injected failures, the number of calls.
    if (method === "POST" && url.pathname === "/__config") {
      const { latencyMs } = JSON.parse(body || "{}") as { latencyMs?: unknown };
      if (typeof latencyMs === "number" && latencyMs >= 0) state.latencyMs = latencyMs;
      return { status: 200, body: { latencyMs: state.latencyMs } };
    }
    if (method === "POST" && url.pathname === "/__faults") {
      const fault = JSON.parse(body || "{}") as Partial<Fault>;
      state.faults.push({
        method: fault.method ?? "GET",
        path: fault.path ?? "",
        after: fault.after ?? 0,
        count: fault.count ?? 1,
        status: fault.status ?? 500,
        seen: 0,
      });
      return { status: 200, body: { faults: state.faults.length } };
    }
    if (method === "POST" && url.pathname === "/__bulk") {
      // benches: many customers, each with one subscription in a given status, in one call
      const { subscribers = [] } = JSON.parse(body || "{}") as { subscribers?: { email: string; status: string; priceId?: string }[] };
      const customerIds = subscribers.map(({ email, status, priceId }) => {
        const customer = createCustomer(state, { email });
        createSubscription(state, { customer: customer.id, status, ...(priceId ? { items: { 0: { price: priceId } } } : {}) });
        return customer.id;
      });
      return { status: 200, body: { customerIds } };
    }
    if (method === "DELETE" && url.pathname === "/__faults") {
      state.faults = [];
      return { status: 200, body: { faults: 0 } };
    }
    if (method === "GET" && url.pathname === "/__stats") return { status: 200, body: { calls: state.calls, requests: state.requests } };

    state.calls++;
    state.requests.push(`${method} ${url.pathname}${url.search}`);
    if (state.requests.length > 1000) state.requests.shift();
    if (state.latencyMs > 0) await new Promise((done) => setTimeout(done, state.latencyMs));
    const fault = injectedFault(state, method, url.pathname);
    if (fault)
      return { status: fault.status, body: { error: { type: "api_error", message: "Injected failure (stripe-local /__faults)" } } };
    const apiKey = authenticate(req.headers.authorization);

    const match = table.map(([m, re, handler]) => ({ m, hit: re.exec(url.pathname), handler })).find((r) => r.m === method && r.hit);
    if (!match?.hit) throw new StripeApiError(404, `Unrecognized request URL (${method}: ${url.pathname}).`);
    const id = decodeURIComponent(match.hit[1] ?? "");
    // The SDK sends GET/DELETE params in the query string and POST params as a form body.
    const params = { ...parseParams(url.searchParams), ...parseParams(new URLSearchParams(body)) };
    const run = (): Reply => {
      try {
        return { status: 200, body: match.handler(params, id) };
      } catch (err) {
        if (err instanceof StripeApiError) return err.toReply();
        throw err;
      }
    };

    const idempotencyKey = req.headers["idempotency-key"];
    if (method === "GET" || typeof idempotencyKey !== "string") return run();
    const cacheKey = `${apiKey} ${idempotencyKey}`;
    const fingerprint = `${method} ${url.pathname} ${url.search} ${body}`;
    const cached = state.idempotency.get(cacheKey);
    if (cached && cached.fingerprint !== fingerprint) {
      throw new StripeApiError(
        400,
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        { type: "idempotency_error" },
      );
    }
    if (cached) return { ...cached.reply, replayed: true };
    const reply = run();
    state.idempotency.set(cacheKey, { fingerprint, reply: { ...reply, body: structuredClone(reply.body) } });
    return reply;
  } catch (err) {
    if (err instanceof StripeApiError) return err.toReply();
    return { status: 500, body: { error: { type: "api_error", message: err instanceof Error ? err.message : String(err) } } };
  }
}

export interface StripeLocal {
  /** Base URL, e.g. http://127.0.0.1:12111 (the real port when started with port 0). */
  url: string;
  /** Restores the seed data in-process (same as `POST /__reset`). */
  reset(): void;
  close(): Promise<void>;
}

export async function startStripeLocal({
  port,
  host = "127.0.0.1",
  latencyMs = 0,
}: {
  port: number;
  host?: string;
  latencyMs?: number;
}): Promise<StripeLocal> {
  const state = createState();
  state.latencyMs = state.startLatencyMs = latencyMs;
  const table = routes(state);
  const server = http.createServer((req, res) => {
    void handle(state, table, req).then(({ status, body, replayed }) => {
      res.writeHead(status, {
        "Content-Type": "application/json",
        "Request-Id": newId("req"),
        ...(replayed ? { "Idempotent-Replayed": "true" } : {}),
      });
      res.end(JSON.stringify(body, null, 2));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
  return {
    url,
    reset: () => resetState(state),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections(); // don't wait for the SDK's keep-alive sockets
      }),
  };
}

// Run as a script? (Checked via argv rather than import.meta so the file also type-checks as CommonJS.)
if (/stripe-local[\\/]server\.[cm]?[jt]s$/.test(process.argv[1] ?? "")) {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "12111" },
      host: { type: "string", default: "127.0.0.1" },
      "latency-ms": { type: "string", default: "0" },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`Invalid --port: ${values.port}`);
    process.exit(1);
  }
  startStripeLocal({ port, host: values.host, latencyMs: Number(values["latency-ms"]) || 0 }).then(
    ({ url, close }) => {
      console.log(`stripe-local listening on ${url}`);
      const stop = () => void close().then(() => process.exit(0));
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
