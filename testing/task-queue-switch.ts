/**
 * Where the test process's own enqueues go (the services an API test runs in-process: alerts, the
 * terms watch, purges). firebase-admin 14 reads CLOUD_TASKS_EMULATOR_HOST once, when its Functions
 * service is first made, and the API test files share one worker that keeps its modules (vitest's
 * isolate: false): a test can no longer point the queues elsewhere for a while by changing the
 * variable. So the variable names this switch for the whole worker, set before anything enqueues
 * (the api project's setup file), and a test turns the switch: by default every request goes on to
 * the emulator's Cloud Tasks; a test may keep the tasks instead (nothing reaches the emulator's
 * functions) or have them refused (a queue that cannot be reached).
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface KeptTask {
  queue: string;
  data: Record<string, unknown>;
}

type Mode = { kind: "forward" } | { kind: "keep"; into: KeptTask[] } | { kind: "refuse" };

let mode: Mode = { kind: "forward" };
let installed: Promise<void> | undefined;

/** Points CLOUD_TASKS_EMULATOR_HOST at the switch (once per worker), keeping the emulator's address to forward to. */
export function installTaskQueueSwitch(): Promise<void> {
  return (installed ??= (async () => {
    const emulator = process.env.CLOUD_TASKS_EMULATOR_HOST;
    if (!emulator) throw new Error("CLOUD_TASKS_EMULATOR_HOST is not set: run the API tests through `npm run exec -- …`");
    const server: Server = createServer((req, res) => handle(emulator, req, res));
    await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
    server.unref();
    process.env.CLOUD_TASKS_EMULATOR_HOST = `127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  })());
}

/** Until `forwardTasks`: every task enqueued is kept in `into` and answered as created. */
export function keepTasks(into: KeptTask[]): void {
  mode = { kind: "keep", into };
}

/** Until `forwardTasks`: every enqueue fails, as when the queue cannot be reached. */
export function refuseTasks(): void {
  mode = { kind: "refuse" };
}

export function forwardTasks(): void {
  mode = { kind: "forward" };
}

function handle(emulator: string, req: IncomingMessage, res: ServerResponse): void {
  const current = mode;
  if (current.kind === "refuse") {
    req.socket.destroy();
    return;
  }
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const body = Buffer.concat(chunks);
    if (current.kind === "keep") {
      current.into.push(keptTask(req.url ?? "", body));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ name: `task-${String(current.into.length)}` }));
      return;
    }
    const [hostname, port] = emulator.split(":");
    const onward = request({ hostname, port: Number(port), method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    onward.on("error", () => res.destroy());
    onward.end(body);
  });
}

function keptTask(url: string, body: Buffer): KeptTask {
  const queue = /\/queues\/([^/]+)\/tasks/.exec(url)?.[1] ?? "";
  const text = body.toString("utf8");
  const encoded = (JSON.parse(text || "{}") as { task?: { httpRequest?: { body?: string } } }).task?.httpRequest?.body ?? "";
  const payload = encoded ? (JSON.parse(Buffer.from(encoded, "base64").toString("utf8")) as { data?: Record<string, unknown> }) : {};
  return { queue, data: payload.data ?? {} };
}
