/**
 * A tiny "public web site" for the local suite, which has no internet: the link tester reaches it
 * under one made-up host name (LINK_TESTER_FIXTURE_HOST, emulator only) to check working links,
 * broken ones, and redirects towards addresses it must refuse.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

const ROUTES: Record<string, { status: number; location?: string; body?: string }> = {
  "/offer": { status: 200, body: "<!doctype html><title>Offer</title><h1>Get 60,000 bonus points</h1>" },
  "/expired": { status: 404, body: "<!doctype html><title>Gone</title><p>This referral has expired.</p>" },
  "/redirect-to-offer": { status: 302, location: "/offer" },
  "/redirect-to-metadata": { status: 302, location: "http://169.254.169.254/latest/meta-data/" },
  "/redirect-to-loopback": { status: 302, location: "http://127.0.0.1:5000/" },
};

export async function startWebFixture(port: number, host = "127.0.0.1"): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const route = ROUTES[new URL(req.url ?? "/", "http://fixture").pathname];
    if (!route) return void res.writeHead(404).end("not found");
    res.writeHead(route.status, { "content-type": "text/html; charset=utf-8", ...(route.location ? { location: route.location } : {}) });
    res.end(route.body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const { port: actual } = server.address() as AddressInfo;
  return { url: `http://${host}:${actual}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}
