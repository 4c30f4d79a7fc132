import * as contract from "./index";
import { ERROR_STATUS, errorBodySchema, type ErrorCode } from "./errors";
import { ROUTE_ERRORS } from "./route-errors";
import { API, type RouteAccess, type RouteName, type RouteSpec } from "./routes";
import { z } from "./zod";

/**
 * The API reference (docs/openapi.json, OpenAPI 3.1) built from the route table: every route with its
 * access, parameters, body, answer and the error codes it may answer. The schemas come from zod 4's
 * own JSON Schema output (draft 2020-12, OpenAPI 3.1's dialect): what a client sends as zod reads it
 * (`io: "input"`, before trimming and defaults), what the server answers as zod writes it (`"output"`).
 * Refinements zod cannot put into JSON Schema (an http(s) URL, well-formed text) are not in it; the
 * error messages are. `npm run openapi` (scripts/openapi.ts) writes the file, adding the table's
 * comments; scripts/openapi.test.ts fails when the file is out of date.
 */

type JsonSchema = { [key: string]: unknown };
type Io = "input" | "output";

/** What the table's source says of a route beyond its data: its comment and the heading of its group. */
export interface RouteNotes {
  description?: string;
  group?: string;
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

const SCHEMA_REF = "#/components/schemas/";
const SECURITY_SCHEME = "firebaseIdToken";

export const ACCESS_TEXT: Record<RouteAccess, string> = {
  public: "Anyone, signed in or not: no token is read.",
  member:
    "A signed-in user (member or admin): a valid ID token, else 401 UNAUTHENTICATED; 403 BLOCKED for a blocked user, 403 NO_ACTIVE_SUBSCRIPTION for a member whose last subscription check found no active or trialing subscription.",
  admin:
    "A signed-in admin: a valid, unrevoked ID token with the admin claim, whose user document says admin too; 401 UNAUTHENTICATED without a valid token, 403 FORBIDDEN for anyone else.",
  impersonation:
    "Only the ID token an admin got through 'Log in as user' (POST /auth/login-as-user), while that impersonation is open; 403 FORBIDDEN for every other caller.",
};
const OPTIONAL_CALLER_TEXT =
  "Anyone, signed in or not: a valid ID token, when one comes, says who calls; a missing, malformed or invalid one is read as no caller (never 401).";

const DESCRIPTION = [
  "The JSON API of the Referral Hub, under `/api` on the site's origin (Firebase Hosting rewrites `/api/**` to the `api` function). Generated from the route table, `contract/src/routes.ts`, by `npm run openapi`; do not edit it by hand.",
  "",
  "**Who calls.** There is no cookie session: a signed-in caller sends a Firebase Auth ID token as `Authorization: Bearer <token>` (scheme `firebaseIdToken`). Each operation's `x-access` says who may call it: `public`, `member`, `admin` or `impersonation` (the same words as the table). The guard runs before anything is parsed, so an anonymous call with a bad body is a 401.",
  "",
  "**What goes in.** Bodies are JSON objects (`Content-Type: application/json`, 100 KB at most: 415 UNSUPPORTED_MEDIA_TYPE, 413 PAYLOAD_TOO_LARGE, 400 BAD_REQUEST for malformed JSON, on any request that carries a body). Objects refuse unknown fields. A path parameter the schema refuses names nothing: 404 NOT_FOUND; a query or body the schema refuses: 400 VALIDATION with `issues`, one per field.",
  "",
  "**What comes out.** JSON with the success status each operation lists (200, 201 created, 202 a job started, 204 no body), or a CSV file. Every refusal has the body `ErrorBody`: a `code`, a `message` to show, and with some codes `issues` or `jobId`. Each operation lists, per status, the codes it may answer (`components.responses`, named after them). 429 answers carry `Retry-After`. An unknown path is 404 NOT_FOUND.",
  "",
  "**Outside this document.** The rotation addresses (`/r/{slug}` and `/api/programs/{id}/redirect`) are their own function and answer redirects and HTML pages, not JSON; `POST /api/public/unsubscribe` also takes RFC 8058's one-click form post (`List-Unsubscribe=One-Click`, the token in the query).",
].join("\n");

const SECURITY_DESCRIPTION = [
  "A Firebase Auth ID token of the hub's project (a JWT that lives up to an hour), as `Authorization: Bearer <token>`. How a caller gets one:",
  "",
  "- a member: `POST /auth/email` mails a login link; `GET /auth/login?token=` exchanges its token for a Firebase custom token, which the client signs in with (`signInWithCustomToken`). A non-admin's ID token counts only when it comes from such a custom token.",
  "- an admin: Firebase Auth's e-mail and password sign-in, or `POST /login` (username and password, for clients without the Firebase SDK), which answers a custom token. Admin routes check the token against revocation on every call; a password change or an admin's e-mail change needs a password sign-in at most five minutes old (401 REAUTH_REQUIRED).",
  "- 'Log in as user': `POST /auth/login-as-user` answers a custom token for the member, marked as an impersonation; `POST /auth/return-to-admin` answers one for the admin again.",
  "",
  "`POST /logout` ends the caller's sessions (their refresh tokens are revoked; with an impersonation token, only that impersonation ends). A user blocked or whose subscription lapsed is told why (403) rather than 401, even with a revoked token.",
].join("\n");

/** "getSession" → "Get session". */
function summaryOf(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "/links/:id/approve" → "/links/{id}/approve". */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, "{$1}");
}

/** A name for a schema of the contract: its export's name, PascalCase, without "Schema". */
function componentName(exportName: string): string {
  const base = exportName.replace(/Schema$/, "");
  return base.charAt(0).toUpperCase() + base.slice(1);
}

function isZodType(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

/** Every value of `value` (an object or array, deeply), with a callback that may replace a `$ref`. */
function rewriteRefs(value: unknown, rewrite: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, rewrite));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === "$ref" && typeof inner === "string" ? rewrite(inner) : rewriteRefs(inner, rewrite),
    ]),
  );
}

/** Every `$ref` in `value`. */
export function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value !== null && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") found.push(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

const nameOfRef = (ref: string) => ref.slice(SCHEMA_REF.length);

/**
 * The contract's schemas as components. Each schema the contract exports is one component, named after
 * the export, and the routes' unnamed parts get names of their own, so a schema used in several places
 * is written once and referred to. A schema whose input differs from its output (a default, a
 * transform), or that refers to one that does, has two: `Name` (output) and `NameInput`.
 */
class Components {
  private readonly registry = z.registry<{ id: string }>();
  private readonly ids = new Map<z.ZodType, string>();
  private readonly schemas: Record<Io, Record<string, JsonSchema>>;
  private readonly differs = new Set<string>();

  constructor(unnamed: [z.ZodType, string][]) {
    for (const [exportName, value] of Object.entries(contract) as [string, unknown][]) {
      if (isZodType(value)) this.add(value, componentName(exportName));
    }
    for (const [schema, name] of unnamed) this.add(schema, name);

    const convert = (io: Io) =>
      z.toJSONSchema(this.registry, { io, target: "draft-2020-12", unrepresentable: "any", uri: (id) => `${SCHEMA_REF}${id}` }).schemas;
    const strip = (all: Record<string, JsonSchema>) =>
      Object.fromEntries(Object.entries(all).map(([id, schema]) => [id, withoutIdentity(schema)]));
    this.schemas = { input: strip(convert("input")), output: strip(convert("output")) };

    // input ≠ output, then whatever refers to such a schema, until nothing changes
    for (const id of Object.keys(this.schemas.output)) {
      if (JSON.stringify(this.schemas.input[id]) !== JSON.stringify(this.schemas.output[id])) this.differs.add(id);
    }
    for (let grew = true; grew;) {
      grew = false;
      for (const [id, schema] of Object.entries(this.schemas.input)) {
        if (!this.differs.has(id) && refsIn(schema).some((ref) => this.differs.has(nameOfRef(ref)))) {
          this.differs.add(id);
          grew = true;
        }
      }
    }
  }

  private add(schema: z.ZodType, id: string): void {
    if (this.ids.has(schema)) return;
    if ([...this.ids.values()].includes(id)) throw new Error(`Two schemas of the contract would both be named ${id}`);
    this.ids.set(schema, id);
    this.registry.add(schema, { id });
  }

  private componentId(id: string, io: Io): string {
    return io === "input" && this.differs.has(id) ? `${id}Input` : id;
  }

  /** A `$ref` to the schema's component, as `io` reads it. */
  ref(schema: z.ZodType, io: Io): JsonSchema {
    const id = this.ids.get(schema);
    if (id === undefined) throw new Error("A route's schema is not among the contract's components");
    return { $ref: `${SCHEMA_REF}${this.componentId(id, io)}` };
  }

  /** The schema's own JSON Schema, as `io` reads it, its references to components kept. */
  inline(schema: z.ZodType, io: Io): JsonSchema {
    return this.schemaOf(this.ids.get(schema)!, io);
  }

  private schemaOf(id: string, io: Io): JsonSchema {
    const schema = this.schemas[io][id]!;
    return io === "input"
      ? (rewriteRefs(schema, (ref) => `${SCHEMA_REF}${this.componentId(nameOfRef(ref), "input")}`) as JsonSchema)
      : schema;
  }

  /** The components `roots` refer to, directly or through one another, by name. */
  reachableFrom(roots: unknown): Record<string, JsonSchema> {
    const out: Record<string, JsonSchema> = {};
    const pending = refsIn(roots)
      .filter((ref) => ref.startsWith(SCHEMA_REF))
      .map(nameOfRef);
    while (pending.length > 0) {
      const name = pending.pop()!;
      if (name in out) continue;
      const input = name.endsWith("Input") && this.differs.has(name.slice(0, -"Input".length));
      const schema = this.schemaOf(input ? name.slice(0, -"Input".length) : name, input ? "input" : "output");
      out[name] = schema;
      pending.push(...refsIn(schema).map(nameOfRef));
    }
    return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
  }
}

function withoutIdentity(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, id: _plainId, ...rest } = schema;
  return rest;
}

/** The codes a route may answer: from its access, its parts, and its handler (ROUTE_ERRORS). */
export function errorCodesOf(name: RouteName): ErrorCode[] {
  const spec: RouteSpec = API[name];
  const codes = new Set<ErrorCode>();
  if (spec.access !== "public") {
    codes.add("UNAUTHENTICATED").add("BLOCKED").add("NO_ACTIVE_SUBSCRIPTION");
    if (spec.access !== "member") codes.add("FORBIDDEN");
  }
  if (spec.params) codes.add("NOT_FOUND");
  if (spec.query || spec.body) codes.add("VALIDATION");
  if (spec.body) codes.add("BAD_REQUEST").add("PAYLOAD_TOO_LARGE").add("UNSUPPORTED_MEDIA_TYPE");
  for (const code of ROUTE_ERRORS[name] ?? []) codes.add(code);
  codes.add("INTERNAL");
  const order = Object.keys(ERROR_STATUS);
  return [...codes].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  202: "Accepted: the job started; follow it with GET /admin/jobs/{jobId}",
  204: "No content",
  400: "Bad request",
  401: "Not signed in, or the credentials are not accepted",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  413: "Payload too large",
  415: "Unsupported media type",
  429: "Too many requests",
  500: "Internal error",
  503: "A service the hub depends on is unavailable",
};

/** The name of the shared response for these codes of one status: "NOT_FOUND", "BLOCKED_or_FORBIDDEN". */
const errorResponseName = (codes: ErrorCode[]) => codes.join("_or_");

function errorResponse(status: number, codes: ErrorCode[]): JsonSchema {
  return {
    description: `${STATUS_TEXT[status] ?? "Error"}: ${codes.join(", ")}`,
    ...(status === 429 ? { headers: { "Retry-After": { description: "Seconds to wait", schema: { type: "integer" } } } } : {}),
    content: {
      "application/json": { schema: { allOf: [{ $ref: `${SCHEMA_REF}ErrorBody` }, { properties: { code: { enum: codes } } }] } },
    },
  };
}

/** The route's refusals by status, each a reference to a shared response (`responses` collects them). */
function errorResponses(name: RouteName, responses: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(name)) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => {
      const shared = errorResponseName(codes);
      responses[shared] ??= errorResponse(status, codes);
      return [String(status), { $ref: `#/components/responses/${shared}` }];
    }),
  );
}

function parametersOf(spec: RouteSpec, components: Components): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  for (const [part, where] of [
    ["params", "path"],
    ["query", "query"],
  ] as const) {
    const schema = spec[part];
    if (!schema) continue;
    const json = components.inline(schema, "input");
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      const { description, ...rest } = property;
      parameters.push({
        name,
        in: where,
        required: where === "path" || required.has(name),
        ...(typeof description === "string" ? { description } : {}),
        schema: rest,
      });
    }
  }
  return parameters;
}

function operationOf(
  name: RouteName,
  notes: RouteNotes | undefined,
  components: Components,
  responses: Record<string, JsonSchema>,
): JsonSchema {
  const spec: RouteSpec = API[name];
  const access = spec.optionalCaller ? OPTIONAL_CALLER_TEXT : ACCESS_TEXT[spec.access];
  const status = spec.status ?? 200;
  const success: JsonSchema = { description: STATUS_TEXT[status] ?? "OK" };
  if (spec.file) success.content = { [spec.file]: { schema: { type: "string" } } };
  else if (spec.response) success.content = { "application/json": { schema: components.ref(spec.response, "output") } };
  const parameters = parametersOf(spec, components);
  const strictQuery = spec.query !== undefined && components.inline(spec.query, "input").additionalProperties === false;
  const queryText = strictQuery
    ? parameters.some((p) => p.in === "query")
      ? "Query parameters other than these are refused (400 VALIDATION)."
      : "Takes no query parameters: any is refused (400 VALIDATION)."
    : undefined;
  return {
    operationId: name,
    summary: summaryOf(name),
    description: [notes?.description, queryText, `Access: ${access}`].filter(Boolean).join("\n\n"),
    ...(notes?.group ? { tags: [notes.group] } : {}),
    "x-access": spec.access,
    security: spec.access === "public" ? (spec.optionalCaller ? [{}, { [SECURITY_SCHEME]: [] }] : []) : [{ [SECURITY_SCHEME]: [] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(spec.body
      ? { requestBody: { required: true, content: { "application/json": { schema: components.ref(spec.body, "input") } } } }
      : {}),
    responses: { [String(status)]: success, ...errorResponses(name, responses) },
  };
}

/** Fails on a schema JSON Schema cannot say (`unrepresentable` is "any" for the components, which hold both sides of every schema). */
function checkRepresentable(name: RouteName): void {
  const spec: RouteSpec = API[name];
  for (const part of ["params", "query", "body", "response"] as const) {
    const schema = spec[part];
    if (schema) z.toJSONSchema(schema, { io: part === "response" ? "output" : "input", unrepresentable: "throw" });
  }
}

/** The OpenAPI 3.1 document of the route table; `notes` adds each route's comment and group heading. */
export function buildOpenApi(notes: Partial<Record<RouteName, RouteNotes>> = {}): OpenApiDocument {
  const names = Object.keys(API) as RouteName[];
  // the routes' parts the contract does not export by name (the shared path parameters)
  const unnamed: [z.ZodType, string][] = names.flatMap((name) => {
    const spec: RouteSpec = API[name];
    return spec.params
      ? [
          [
            spec.params,
            `${Object.keys((spec.params as z.ZodObject).shape)
              .map(componentName)
              .join("")}Params`,
          ] as [z.ZodType, string],
        ]
      : [];
  });
  const components = new Components([[errorBodySchema, "ErrorBody"], ...unnamed]);

  const paths: OpenApiDocument["paths"] = {};
  const responses: Record<string, JsonSchema> = {};
  for (const name of names) {
    checkRepresentable(name);
    const spec: RouteSpec = API[name];
    const path = openApiPath(spec.path);
    (paths[path] ??= {})[spec.method.toLowerCase()] = operationOf(name, notes[name], components, responses);
  }
  const groups = [...new Set(names.map((name) => notes[name]?.group).filter((group): group is string => group !== undefined))];
  const document: OpenApiDocument = {
    openapi: "3.1.0",
    info: { title: "Referral Hub API", version: "1.0.0", description: DESCRIPTION },
    servers: [{ url: "/api", description: "The site's origin: Hosting rewrites /api/** to the api function." }],
    tags: groups.map((group) => ({ name: group })),
    paths,
    components: {
      schemas: components.reachableFrom([paths, responses]),
      responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: { [SECURITY_SCHEME]: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: SECURITY_DESCRIPTION } },
    },
  };
  return withPlainNames(document);
}

/** `NameInput` becomes `Name` where only the input side of a schema is used (a request's body). */
function withPlainNames(document: OpenApiDocument): OpenApiDocument {
  const schemas = document.components.schemas;
  const renamed = new Map(
    Object.keys(schemas)
      .filter((name) => name.endsWith("Input") && !(name.slice(0, -"Input".length) in schemas))
      .map((name) => [name, name.slice(0, -"Input".length)]),
  );
  const rewritten = rewriteRefs(document, (ref) =>
    ref.startsWith(SCHEMA_REF) && renamed.has(nameOfRef(ref)) ? `${SCHEMA_REF}${renamed.get(nameOfRef(ref))!}` : ref,
  ) as OpenApiDocument;
  rewritten.components.schemas = Object.fromEntries(
    Object.entries(rewritten.components.schemas)
      .map(([name, schema]): [string, JsonSchema] => [renamed.get(name) ?? name, schema])
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return rewritten;
}
