/**
 * npm run bench:outside – what reading outside input costs as it grows (the contract's *Bounded
 * whatever the page*): each reader of a terms page on hostile input of about 10 KB, 100 KB and 1 MB,
 * its time (median of 3 runs after a warm-up), the heap it grew by, and how the time grows per tenfold
 * size (the goal: at most 15× a tenfold, i.e. no worse than linear with some noise), and a whole terms
 * read (text, figures and the diff against a text that shares nothing) of a 2 MB page (goal < 1 s).
 * Needs nothing running: pure functions. Prints a table; exits 1 when a goal is missed.
 */
import "../lib/require-node-major"; // first: stops at once on a Node of another major
import http from "node:http";
import type { AddressInfo, LookupFunction } from "node:net";
import zlib from "node:zlib";
import {
  bodyOf,
  createLinkTester,
  figuresOf,
  neutraliseFormula,
  readableText,
  termsReadOf,
  textChanges,
} from "../../functions/src/toolkit";

const SIZES = [10_000, 100_000, 1_000_000];
const MAX_GROWTH = 15;

/** Words of about `chars` characters that share nothing with another seed's. */
const words = (chars: number, seed: string) => {
  const out: string[] = [];
  for (let i = 0, n = 0; n < chars; i++) {
    const w = `${seed}${(i * 7919).toString(36)}`;
    out.push(w);
    n += w.length + 1;
  }
  return out.join(" ").slice(0, chars);
};

const READERS: { name: string; input: (size: number) => unknown; run: (input: never) => unknown }[] = [
  {
    name: "text: nested elements",
    input: (n) => `<html><body>${"<div>".repeat(n / 11)}<p>x</p>${"</div>".repeat(n / 11)}</body></html>`,
    run: (html: string) => readableText(html),
  },
  {
    name: "text: one long lang",
    input: (n) => `<html lang="${"x".repeat(n)}"><body><main>terms</main></body></html>`,
    run: (html: string) => readableText(html),
  },
  { name: "figures: a grouped run", input: (n) => "1" + " 000".repeat(n / 4), run: (text: string) => figuresOf(text, "fr-FR") },
  { name: "figures: '$1 ' repeated", input: (n) => "$1 ".repeat(n / 3), run: (text: string) => figuresOf(text, "en", 201) },
  {
    name: "diff: texts sharing nothing",
    input: (n) => [words(n / 2, "alpha"), words(n / 2, "omega")],
    run: ([a, b]: [string, string]) => textChanges(a, b, "en"),
  },
  // the alert bodies: every character of a program name or a page's text one that needs writing out
  {
    name: "alert: Discord body",
    input: (n) => "*_~`|>#[]()<@:-\\".repeat(n / 16),
    run: (text: string) => bodyOf("discord", "terms-changed", { text, url: "https://hub.example/admin", data: {} }),
  },
  {
    name: "alert: Slack body",
    input: (n) => "https://evil.example/*x*_y_ <!here> &amp;\n".repeat(n / 40),
    run: (text: string) => bodyOf("slack", "terms-changed", { text, url: "https://hub.example/admin", data: {} }),
  },
  { name: "CSV guard: one cell", input: (n) => "=" + "+-@".repeat(n / 3), run: (cell: string) => neutraliseFormula(cell) },
];

function measure(run: () => unknown): { ms: number; heapMb: number } {
  run();
  const times: number[] = [];
  let heap = 0;
  for (let i = 0; i < 3; i++) {
    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    const t = performance.now();
    run();
    times.push(performance.now() - t);
    heap = Math.max(heap, process.memoryUsage().heapUsed - before);
  }
  return { ms: times.sort((a, b) => a - b)[1]!, heapMb: heap / 1024 / 1024 };
}

let missed = 0;
const rows: string[] = ["| reader | 10 KB | 100 KB | 1 MB | growth per ×10 | heap at 1 MB |", "| --- | --- | --- | --- | --- | --- |"];
for (const reader of READERS) {
  const figures = SIZES.map((size) => {
    const input = reader.input(size);
    return measure(() => reader.run(input as never));
  });
  const growth = [1, 2].map((i) => figures[i]!.ms / Math.max(figures[i - 1]!.ms, 0.05));
  const worst = Math.max(...growth);
  if (worst > MAX_GROWTH) missed++;
  rows.push(
    `| ${reader.name} | ${figures.map((f) => `${f.ms.toFixed(1)} ms`).join(" | ")} | ${growth.map((g) => `${g.toFixed(1)}×`).join(", ")}${worst > MAX_GROWTH ? " (over)" : ""} | ${figures[2]!.heapMb.toFixed(1)} MB |`,
  );
}

// the link tester's body reader: a gzip page of each size from a local server, decoded and cut at 2 MB
async function benchBodyReader(): Promise<void> {
  const bodies = new Map(SIZES.map((size) => [String(size), zlib.gzipSync(Buffer.from("<p>é 1 000 €</p>".repeat(size / 16)))]));
  const server = http.createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip" }).end(bodies.get(req.url!.slice(1)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const lookup: LookupFunction = (_host, _options, callback) => callback(null, [{ address: "127.0.0.1", family: 4 }]);
  const reader = createLinkTester({ lookup, isAddressAllowed: (ip) => ip === "127.0.0.1" });
  const figures: { ms: number; heapMb: number }[] = [];
  for (const size of SIZES) {
    const times: number[] = [];
    let heap = 0;
    await reader.read(`http://bank.example:${String(port)}/${String(size)}`, 2 * 1024 * 1024);
    for (let i = 0; i < 3; i++) {
      global.gc?.();
      const before = process.memoryUsage().heapUsed;
      const t = performance.now();
      await reader.read(`http://bank.example:${String(port)}/${String(size)}`, 2 * 1024 * 1024);
      times.push(performance.now() - t);
      heap = Math.max(heap, process.memoryUsage().heapUsed - before);
    }
    figures.push({ ms: times.sort((a, b) => a - b)[1]!, heapMb: heap / 1024 / 1024 });
  }
  server.close();
  // a read's fixed cost (a connection) dominates the small sizes: growth is taken against 1 ms at least
  const growth = [1, 2].map((i) => figures[i]!.ms / Math.max(figures[i - 1]!.ms, 1));
  const worst = Math.max(...growth);
  if (worst > MAX_GROWTH) missed++;
  rows.push(
    `| body: a gzip page read | ${figures.map((f) => `${f.ms.toFixed(1)} ms`).join(" | ")} | ${growth.map((g) => `${g.toFixed(1)}×`).join(", ")}${worst > MAX_GROWTH ? " (over)" : ""} | ${figures[2]!.heapMb.toFixed(1)} MB |`,
  );
}

// then a whole terms read of a 2 MB page, as the watch reads it, and its diff from a text that shares nothing
void benchBodyReader().then(() => {
  const page = `<!doctype html><html lang="en"><body><main><p>${words(2 * 1024 * 1024, "alpha")} 60,000 points $200</p></main></body></html>`;
  const whole = measure(() => {
    const read = termsReadOf(
      {
        isValid: true,
        statusCode: 200,
        responseTime: 1,
        errorMessage: null,
        finalUrl: "https://bank.example/terms",
        page: { text: page, contentType: "text/html", cut: false },
      },
      new Date(),
    );
    if (read.outcome === "ok") textChanges(words(100_000, "omega"), read.text, "en");
  });
  if (whole.ms >= 1_000) missed++;
  rows.push(
    "",
    `A whole terms read of a 2 MB page (text, figures, the diff of its kept 100 KB from a text that shares nothing): ${whole.ms.toFixed(0)} ms (goal < 1,000 ms)${whole.ms >= 1_000 ? " (over)" : ""}, heap ${whole.heapMb.toFixed(1)} MB.`,
  );
  process.stdout.write(`${rows.join("\n")}\n`);
  process.exit(missed > 0 ? 1 : 0);
});
