import type { IncomingMessage, ServerResponse } from "node:http";
import type { ReceivedWebhook } from "../../testing/fixture-site";

/**
 * The fixture site's webhook receiver (the contract's *Terms watch and alerts*, *The local suite*):
 * `POST /__webhooks/{name}` under any of its host names (the hub's alerts channel, in the local suite
 * `discord.com`, `hooks.slack.com` or a fixture host) is kept and answered 204; `GET /__webhooks` lists
 * them newest first (JSON, or a readable page in a browser); `DELETE /__webhooks` forgets them. `PUT
 * /__webhook-answers/{name}` with a JSON list of statuses makes the next deliveries to `name` answer
 * those, in order (a 429 with `Retry-After: 1`, a 3xx with a Location), as a failing receiver would.
 */

const received: ReceivedWebhook[] = [];
const answers = new Map<string, number[]>();
const KEPT = 500;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function page(): string {
  const rows = received
    .map(
      (w) =>
        `<article><h2>${escapeHtml(w.host)} · ${escapeHtml(w.name)} · ${escapeHtml(w.receivedAt)} · answered ${String(w.answered)}</h2><pre>${escapeHtml(
          prettyBody(w.body),
        )}</pre></article>`,
    )
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Webhooks received</title><style>body{font:15px system-ui,sans-serif;margin:2rem;max-width:60rem}h2{font-size:14px;color:#444}pre{white-space:pre-wrap;background:#f4f4f5;padding:.75rem;border-radius:6px}</style></head><body><h1>Webhooks received (${String(received.length)})</h1>${rows || "<p>None yet. Set the hub's alerts channel to http://discord.com:12112/__webhooks/demo and press Send Test Alert.</p>"}</body></html>`;
}

function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** Handles the receiver's addresses; false when `path` is none of them. */
export function handleWebhooks(req: IncomingMessage, res: ServerResponse, path: string, body: string): boolean {
  const method = req.method ?? "GET";
  if (path === "/__webhooks") {
    if (method === "DELETE") {
      received.length = 0;
      answers.clear();
      res.writeHead(204).end();
    } else if ((req.headers.accept ?? "").includes("text/html")) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page());
    } else {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(received));
    }
    return true;
  }
  const answersFor = /^\/__webhook-answers\/([\w-]+)$/.exec(path)?.[1];
  if (answersFor && method === "PUT") {
    const list = JSON.parse(body) as unknown;
    if (!Array.isArray(list) || !list.every((s) => Number.isInteger(s))) return (void res.writeHead(400).end(), true);
    answers.set(answersFor, list as number[]);
    res.writeHead(204).end();
    return true;
  }
  const name = /^\/__webhooks\/([\w-]+)$/.exec(path)?.[1];
  if (!name || method !== "POST") return false;
  const status = answers.get(name)?.shift() ?? 204;
  const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]));
  received.unshift({
    name,
    host: (req.headers.host ?? "").replace(/:\d+$/, ""),
    receivedAt: new Date().toISOString(),
    headers,
    body,
    answered: status,
  });
  received.length = Math.min(received.length, KEPT);
  res
    .writeHead(status, {
      ...(status === 429 ? { "retry-after": "1" } : {}),
      ...(status >= 300 && status < 400 ? { location: "/__webhooks/elsewhere" } : {}),
    })
    .end();
  return true;
}
