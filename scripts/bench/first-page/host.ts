/**
 * A build served the way Hosting serves it (the local suite's Hosting emulator serves this checkout's
 * web/dist only): its own firebase.json read for its rewrites and headers (the Content-Security-Policy
 * letting the Auth emulator in, as the suite's), its files first, compressed with gzip when asked; a
 * rewrite to the `pages` function goes to the build's own pages function (pages-instance.ts), a rewrite
 * to any other function (/api, rotation addresses) to the local suite, which serves them for both.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { extname, join, normalize } from "node:path";
import { gzipSync } from "node:zlib";
import { HOST, PORTS } from "../../../testing/suite-config";
import { localFirebaseConfig } from "../../lib/local-firebase-config";

interface HostingConfig {
  hosting: {
    public: string;
    headers: { source: string; headers: { key: string; value: string }[] }[];
    rewrites: { source: string; destination?: string; function?: string | { functionId: string } }[];
  };
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "application/javascript; charset=utf-8",
  ".mjs": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
};

/** Hosting's glob: `**` any part of the path, `*` one segment. */
function globMatches(glob: string, path: string): boolean {
  const pattern = glob
    .split("**")
    .map((part) =>
      part
        .split("*")
        .map((literal) => literal.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
        .join("[^/]*"),
    )
    .join(".*");
  return new RegExp(`^${pattern}$`).test(path);
}

const functionIdOf = (rule: HostingConfig["hosting"]["rewrites"][number]) =>
  typeof rule.function === "string" ? rule.function : rule.function?.functionId;

/** The request passed on to another server, its answer sent back with Hosting's headers added. */
function proxy(req: IncomingMessage, res: ServerResponse, origin: string, headers: Record<string, string>) {
  const target = new URL(origin);
  const upstream = httpRequest(
    { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...headers });
      answer.pipe(res);
    },
  );
  upstream.on("error", () => {
    res.writeHead(502).end();
  });
  req.pipe(upstream);
}

function sendFile(req: IncomingMessage, res: ServerResponse, file: string, headers: Record<string, string>) {
  let body = readFileSync(file);
  const all: Record<string, string> = {
    ...headers,
    "Content-Type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream",
    Vary: "Accept-Encoding",
  };
  if (/\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""))) {
    body = gzipSync(body);
    all["Content-Encoding"] = "gzip";
  }
  res.writeHead(200, { ...all, "Content-Length": String(body.length) });
  res.end(body);
}

/**
 * Serves the build in `root` on `port`. `pagesOrigin`: its pages function; `suiteOrigin`: the local
 * suite's Hosting, for every other function.
 */
export function serveBuild(root: string, port: number, pagesOrigin: string | undefined, suiteOrigin: string): Promise<Server> {
  const config = localFirebaseConfig(
    JSON.parse(readFileSync(join(root, "firebase.json"), "utf8")) as HostingConfig,
    `http://${HOST}:${String(PORTS.auth)}`,
  );
  const dist = join(root, config.hosting.public);
  const headersFor = (path: string) =>
    Object.fromEntries(
      config.hosting.headers.filter((rule) => globMatches(rule.source, path)).flatMap((rule) => rule.headers.map((h) => [h.key, h.value])),
    );
  const fileAt = (path: string) => {
    const file = join(dist, normalize(path), path.endsWith("/") ? "index.html" : "");
    return file.startsWith(dist) && existsSync(file) && statSync(file).isFile() ? file : undefined;
  };

  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const headers = headersFor(path);
    // Hosting: a file at the address first, then the first rewrite that matches
    const file = fileAt(path);
    if (file) return sendFile(req, res, file, headers);
    const rule = config.hosting.rewrites.find((r) => globMatches(r.source, path));
    const functionId = rule && functionIdOf(rule);
    if (functionId) return proxy(req, res, functionId === "pages" && pagesOrigin ? pagesOrigin : suiteOrigin, headers);
    const destination = rule?.destination && fileAt(rule.destination);
    if (destination) return sendFile(req, res, destination, headers);
    res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
  });
  return new Promise((done) => server.listen(port, HOST, () => done(server)));
}
