/**
 * A tiny "public web site" for the local suite, which has no internet: the link tester reaches it
 * under made-up host names (LINK_TESTER_FIXTURE_HOST and its subdomains `hostN.…`, emulator only) to
 * check working links, broken ones, redirects towards addresses it must refuse, and terms pages.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { handleWebhooks } from "./webhooks";

const ROUTES: Record<string, { status: number; location?: string; body?: string }> = {
  "/offer": { status: 200, body: "<!doctype html><title>Offer</title><h1>Get 60,000 bonus points</h1>" },
  "/expired": { status: 404, body: "<!doctype html><title>Gone</title><p>This referral has expired.</p>" },
  "/redirect-to-offer": { status: 302, location: "/offer" },
  "/redirect-to-metadata": { status: 302, location: "http://169.254.169.254/latest/meta-data/" },
  "/redirect-to-loopback": { status: 302, location: "http://127.0.0.1:5000/" },
  // what banks answer robots: never a reason to take a link out of the rotation
  "/blocked": { status: 403, body: "<!doctype html><title>Access denied</title>" },
  "/unavailable": { status: 503, body: "<!doctype html><title>Down for maintenance</title>" },
};

/**
 * `/bank/{name}`: a page whose answer the tests set (`PUT /__status/{name}` with the status as the
 * body; `DELETE /__status` forgets all), 200 until then: a referral that expires and is fixed again.
 * The link tester only ever sends GET, so it cannot change them.
 */
const bankStatuses = new Map<string, number>();

/**
 * `/terms/{name}`: a bank's terms page, whose HTML the tests (and the demo) set with `PUT
 * /__terms/{name}`; 404 until set and after `DELETE /__terms/{name}` (`DELETE /__terms` forgets all).
 */
const termsPages = new Map<string, string>();

/**
 * Every GET of a bank's page (`/bank/…`, `/terms/…`): which host name was asked, and when (`GET
 * /__requests`, `DELETE /__requests`): what bench:terms reads the pacing per host from.
 */
const requests: { host: string; path: string; at: number }[] = [];
const REQUESTS_KEPT = 50_000;

function control(method: string, path: string, body: string): number | null {
  if (method === "DELETE" && path === "/__status") return (bankStatuses.clear(), 204);
  if (method === "DELETE" && path === "/__terms") return (termsPages.clear(), 204);
  const terms = /^\/__terms\/([\w-]+)$/.exec(path)?.[1];
  if (terms && method === "PUT") return (termsPages.set(terms, body), 204);
  if (terms && method === "DELETE") return (termsPages.delete(terms), 204);
  const name = /^\/__status\/([\w-]+)$/.exec(path)?.[1];
  if (method !== "PUT" || !name) return null;
  const status = Number(body);
  if (!Number.isInteger(status) || status < 200 || status > 599) return 400;
  bankStatuses.set(name, status);
  return 204;
}

export async function startWebFixture(port: number, host = "127.0.0.1"): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://fixture").pathname;
    if (path === "/__webhooks" && req.method === "GET") return void handleWebhooks(req, res, path, "");
    if (path === "/__requests") {
      if (req.method === "DELETE") return void ((requests.length = 0), res.writeHead(204).end());
      return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(requests));
    }
    if (/^\/(bank|terms)\//.test(path) && requests.length < REQUESTS_KEPT) {
      requests.push({ host: (req.headers.host ?? "").replace(/:\d+$/, ""), path, at: Date.now() });
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        if (handleWebhooks(req, res, path, body)) return;
        res.writeHead(control(req.method ?? "", path, body) ?? 405).end();
      });
      return;
    }
    const bank = /^\/bank\/([\w-]+)$/.exec(path)?.[1];
    if (bank)
      return void res
        .writeHead(bankStatuses.get(bank) ?? 200, { "content-type": "text/html; charset=utf-8" })
        .end("<!doctype html><title>Offer</title>");
    const terms = /^\/terms\/([\w-]+)$/.exec(path)?.[1];
    if (terms) {
      const page = termsPages.get(terms);
      if (page === undefined)
        return void res.writeHead(404, { "content-type": "text/html; charset=utf-8" }).end("<!doctype html><title>Not found</title>");
      return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page);
    }
    const route = ROUTES[path];
    if (!route) return void res.writeHead(404).end("not found");
    res.writeHead(route.status, { "content-type": "text/html; charset=utf-8", ...(route.location ? { location: route.location } : {}) });
    res.end(route.body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const { port: actual } = server.address() as AddressInfo;
  return { url: `http://${host}:${actual}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}
