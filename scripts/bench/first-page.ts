/**
 * npm run bench:first-page – what a visitor's phone goes through on `/` and `/programs`.
 *
 * Runs inside the local suite (npm run exec). Seeds programs shared on the site (so that /programs
 * shows cards, as it does in use), then runs Lighthouse (its default: a mobile phone, simulated
 * throttling, i.e. a slow 4G network and a 4× slower CPU) against each route in the system Chromium,
 * headless, with a fresh profile every run. Prints, per route, the median run's performance,
 * accessibility, best-practices and SEO scores, LCP, total blocking time, and the JavaScript the
 * page loaded (the sum of each script's gzip size, as a production host serves it), each with its
 * goal beside it. Also prints whether /robots.txt is a text file. Asserts nothing: the figures go in
 * docs/benchmarks.md.
 *
 * The pages load the app only when a visitor reaches for it (public/hydrate-after-paint.js), which
 * Lighthouse never does. So the bench also takes the page over as a visitor does, in Chromium with
 * the CPU slowed 4× as Lighthouse's phone: it presses Tab (focus moves into the page), and measures
 * the JavaScript the app then loads, the time until the page has been taken over, and the blocking
 * time of the long tasks meanwhile (Lighthouse's measure, over that span).
 *
 * BENCH_RUNS (default 3): Lighthouse runs per route; the median by performance score is shown.
 * BENCH_BASELINE_DIST: a folder holding another build of the web app (e.g. the previous commit's
 *   web/dist, built with the suite's settings): the bench then serves it too, on its own port with
 *   Hosting's headers and gzip and /api passed on to the suite, and measures both in the same run.
 * BENCH_REPORT_DIR: a folder to keep each run's Lighthouse report in (JSON; its long tasks, script
 *   boot-up times and main-thread breakdown show where the blocking time goes).
 * CHROME_PATH / CHROMIUM_PATH: the browser (default /usr/bin/chromium).
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import { extname, join, normalize } from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import { chromium } from "playwright-core";
import { COLLECTIONS, createLink, createProgram, db, updateProgram } from "../../functions/src/toolkit";
import { CHROMIUM_FLAGS } from "../../testing/browser/chromium";
import { resetEmulators } from "../../testing/emulators";
import { routePath } from "../../testing/http";
import { PORTS, URLS } from "../../testing/suite-config";
import { localFirebaseConfig } from "../lib/local-firebase-config";

const APP_URL = process.env.APP_URL ?? URLS.app;
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const ROUTES = ["/", "/programs"] as const;

const BASELINE_DIST = process.env.BENCH_BASELINE_DIST;
const REPORT_DIR = process.env.BENCH_REPORT_DIR;
let reportsSaved = 0;
/** Where the baseline build is served (a port the suite does not use). */
const BASELINE_PORT = 5002;

const GOALS = { performance: 95, accessibility: 100, bestPractices: 100, seo: 100, jsKb: 160 } as const;

interface Measure {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  jsGzipBytes: number;
  scripts: number;
  failedAudits: string[];
}

/** A visitor's first reach for the page: what the app costs then. */
interface Takeover {
  jsGzipBytes: number;
  scripts: number;
  /** From the key press to the page taken over (src/lib/use-hydrated.ts announces it). */
  ms: number;
  /** Long tasks' time over 50 ms each, from the key press to the takeover. */
  blockingMs: number;
}

/** Programs as members use them: shared on the site, described, with a few active links each. */
async function seed() {
  await resetEmulators();
  const programs = [
    ["Chase Sapphire Preferred", "Travel rewards credit card: 60,000 bonus points after the minimum spend."],
    ["Amex Gold", "Dining and grocery rewards card."],
    ["Capital One 360 Checking", "Bank account bonus after two direct deposits."],
    ["Discover it Cash Back", "Rotating 5% categories, cash back matched the first year."],
    ["Citi Premier", "Points on travel, gas, dining and groceries."],
    ["SoFi Checking and Savings", "Up to $300 with direct deposit."],
  ] as const;
  for (const [p, [name, description]] of programs.entries()) {
    const program = await createProgram({ name, description, fallbackUrl: null, approved: true, proposedBy: null });
    await updateProgram(program.id, { isSharedOnSite: true });
    for (let o = 0; o < (p % 3) + 1; o++) {
      const link = await createLink(
        {
          programId: program.id,
          name: `Member ${String(o)}`,
          email: `member${String(o)}@example.com`,
          link: `https://refer.example.com/${program.id}/${String(o)}`,
          description: "Offer",
        },
        async () => undefined,
      );
      await db().collection(COLLECTIONS.links).doc(link.id).update({ approved: true });
    }
  }
}

/** The gzip size of every script the page loaded, fetched again and compressed as a host would. */
async function gzipBytes(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return total;
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json",
};

/**
 * Serves another build the way the Hosting emulator serves web/dist: its files (gzip when asked),
 * the rewrites to files for every other address, the suite's headers (firebase.json with the Auth emulator
 * allowed), and /api passed on to the suite.
 */
function serveBaseline(dist: string): Promise<Server> {
  const config = localFirebaseConfig(
    JSON.parse(readFileSync(join(__dirname, "../../firebase.json"), "utf8")) as {
      hosting: {
        headers: { source: string; headers: { key: string; value: string }[] }[];
        rewrites: { source: string; destination?: string }[];
      };
    },
    `http://127.0.0.1:${String(PORTS.auth)}`,
  );
  const headersFor = (path: string) =>
    Object.fromEntries(
      config.hosting.headers
        .filter((rule) => rule.source === "**" || (rule.source === "/assets/**" && path.startsWith("/assets/")) || rule.source === path)
        .flatMap((rule) => rule.headers.map((header) => [header.key, header.value])),
    );
  // Hosting's rewrites to files (`/programs` to its prerendered page, `**` to the app's page); a build
  // from before the prerender has neither file, and index.html stands for both.
  const rewriteOf = (path: string) => {
    const rule = config.hosting.rewrites.find((r) => r.destination && (r.source === path || r.source === "**"));
    const file = rule?.destination ? join(dist, rule.destination) : "";
    return file && existsSync(file) ? file : join(dist, "index.html");
  };
  const app = new URL(APP_URL);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    if (path.startsWith("/api/")) {
      const upstream = httpRequest(
        { host: app.hostname, port: app.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
      return;
    }
    let file = join(dist, normalize(path), path.endsWith("/") ? "index.html" : "");
    if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) file = rewriteOf(path);
    let body = readFileSync(file);
    const headers: Record<string, string> = {
      ...headersFor(path),
      "Content-Type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream",
      Vary: "Accept-Encoding",
    };
    if (/\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""))) {
      body = gzipSync(body);
      headers["Content-Encoding"] = "gzip";
    }
    res.writeHead(200, { ...headers, "Content-Length": String(body.length) });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(BASELINE_PORT, "127.0.0.1", () => resolve(server)));
}

async function lighthouseOnce(url: string): Promise<Measure> {
  const { default: lighthouse } = await import("lighthouse");
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    if (REPORT_DIR) {
      mkdirSync(REPORT_DIR, { recursive: true });
      const name = `${String(++reportsSaved).padStart(2, "0")}-${new URL(url).port}${new URL(url).pathname.replaceAll("/", "_")}.json`;
      writeFileSync(join(REPORT_DIR, name), JSON.stringify(lhr));
    }
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const requests =
      (lhr.audits["network-requests"]?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? [];
    const origin = new URL(url).origin;
    const scripts = [...new Set(requests.filter((r) => r.resourceType === "Script" && r.url.startsWith(origin)).map((r) => r.url))];
    const failedAudits = Object.values(lhr.categories)
      .filter((category) => category.id !== "performance")
      .flatMap((category) => category.auditRefs)
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN),
      tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? NaN),
      jsGzipBytes: await gzipBytes(scripts),
      scripts: scripts.length,
      failedAudits: [...new Set(failedAudits)],
    };
  } finally {
    chrome.kill();
  }
}

/** The page opened in Chromium (CPU 4× slower), Tab pressed, and the app's takeover measured. */
async function takeoverOnce(url: string): Promise<Takeover> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const scripts = new Set<string>();
    page.on("response", (response) => {
      if (response.request().resourceType() === "script" && response.url().startsWith(new URL(url).origin)) scripts.add(response.url());
    });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(1000);
    const before = new Set(scripts);
    await page.evaluate(() => {
      const state = { tasks: [] as { start: number; duration: number }[], start: 0, end: 0 };
      (window as unknown as { takeover: typeof state }).takeover = state;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) state.tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: "longtask" });
      document.addEventListener("hub:page-taken-over", () => {
        state.end = performance.now();
      });
      addEventListener("keydown", () => (state.start = performance.now()), { capture: true, once: true });
    });
    await page.keyboard.press("Tab");
    await page.waitForFunction(() => (window as unknown as { takeover: { end: number } }).takeover.end > 0, undefined, { timeout: 60_000 });
    const { tasks, start, end } = await page.evaluate(
      () => (window as unknown as { takeover: { tasks: { start: number; duration: number }[]; start: number; end: number } }).takeover,
    );
    const loaded = [...scripts].filter((script) => !before.has(script));
    return {
      jsGzipBytes: await gzipBytes(loaded),
      scripts: loaded.length,
      ms: Math.round(end - start),
      blockingMs: Math.round(
        tasks.filter((t) => t.start >= start && t.start <= end).reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
      ),
    };
  } finally {
    await browser.close();
  }
}

function median(runs: Measure[]): Measure {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

const met = (ok: boolean) => (ok ? "met" : "NOT met");

function table(
  route: string,
  m: Measure,
  runs: Measure[],
  baseline: { m: Measure; runs: Measure[] } | undefined,
  takeover: Takeover | undefined,
) {
  const kb = m.jsGzipBytes / 1000;
  const b = baseline?.m;
  const js = (x: Measure) => `${(x.jsGzipBytes / 1000).toFixed(1)} KB in ${String(x.scripts)} files`;
  const rows = [
    [
      "performance",
      String(m.performance),
      b ? String(b.performance) : "",
      `≥ ${String(GOALS.performance)}`,
      met(m.performance >= GOALS.performance),
    ],
    [
      "accessibility",
      String(m.accessibility),
      b ? String(b.accessibility) : "",
      String(GOALS.accessibility),
      met(m.accessibility >= GOALS.accessibility),
    ],
    [
      "best practices",
      String(m.bestPractices),
      b ? String(b.bestPractices) : "",
      String(GOALS.bestPractices),
      met(m.bestPractices >= GOALS.bestPractices),
    ],
    ["SEO", String(m.seo), b ? String(b.seo) : "", String(GOALS.seo), met(m.seo >= GOALS.seo)],
    ["LCP", `${(m.lcpMs / 1000).toFixed(2)} s`, b ? `${(b.lcpMs / 1000).toFixed(2)} s` : "", "(in the score)", ""],
    ["total blocking time", `${String(m.tbtMs)} ms`, b ? `${String(b.tbtMs)} ms` : "", "(in the score)", ""],
    ["JavaScript (gzip)", js(m), b ? js(b) : "", `≤ ${String(GOALS.jsKb)} KB`, met(kb <= GOALS.jsKb)],
  ];
  if (takeover) {
    const takeoverKb = takeover.jsGzipBytes / 1000;
    rows.push(
      [
        "then, a visitor's first reach (Tab): JavaScript (gzip)",
        `${takeoverKb.toFixed(1)} KB in ${String(takeover.scripts)} files`,
        "",
        `≤ ${String(GOALS.jsKb)} KB with the above`,
        met(kb + takeoverKb <= GOALS.jsKb),
      ],
      ["then: until the page is taken over (CPU 4× slower)", `${String(takeover.ms)} ms`, "", "", ""],
      ["then: blocking time meanwhile (CPU 4× slower)", `${String(takeover.blockingMs)} ms`, "", "", ""],
    );
  }
  const each = (list: Measure[]) => list.map((r) => r.performance).join(", ");
  console.log(
    `\n${route}  (median of ${String(runs.length)} Lighthouse runs; performance of each: ${each(runs)}${baseline ? `; baseline: ${each(baseline.runs)}` : ""})`,
  );
  console.log(`| figure | this build | ${baseline ? "baseline build" : "(no baseline)"} | goal | |\n| --- | --- | --- | --- | --- |`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  if (m.failedAudits.length > 0) console.log(`audits not passed (outside performance): ${m.failedAudits.join(", ")}`);
}

async function main() {
  await seed();
  const robots = await fetch(`${APP_URL}/robots.txt`);
  const robotsType = robots.headers.get("content-type") ?? "";
  const robotsText = await robots.text();
  console.log(
    `/robots.txt: ${String(robots.status)} ${robotsType}${/^\s*user-agent:/im.test(robotsText) ? ", a robots file" : ", NOT a robots file"}`,
  );

  const baselineServer = BASELINE_DIST ? await serveBaseline(BASELINE_DIST) : undefined;
  const baselineUrl = `http://127.0.0.1:${String(BASELINE_PORT)}`;
  // a first call warms the functions (cold starts are not the page's doing)
  for (const address of [routePath("listPublicPrograms"), routePath("getCommunity"), ...ROUTES])
    await fetch(`${APP_URL}${address}`).then((r) => r.text());
  try {
    for (const route of ROUTES) {
      const runs: Measure[] = [];
      const baselineRuns: Measure[] = [];
      // alternated, so that whatever else the machine does weighs on both alike
      for (let i = 0; i < RUNS; i++) {
        runs.push(await lighthouseOnce(`${APP_URL}${route}`));
        if (baselineServer) baselineRuns.push(await lighthouseOnce(`${baselineUrl}${route}`));
      }
      const takeover = await takeoverOnce(`${APP_URL}${route}`).catch((error: unknown) => {
        console.log(`${route}: no takeover measured (${String(error)})`);
        return undefined;
      });
      table(route, median(runs), runs, baselineServer ? { m: median(baselineRuns), runs: baselineRuns } : undefined, takeover);
    }
  } finally {
    baselineServer?.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
