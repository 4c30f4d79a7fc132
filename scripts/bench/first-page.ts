/**
 * npm run bench:first-page – what a visitor's phone goes through on `/` and `/programs` (issues 16, 32).
 *
 * Runs inside the local suite (npm run exec); asserts nothing: the figures go in docs/benchmarks.md.
 * Each build measured is served the way Hosting serves it (first-page/host.ts), its pages rendered by
 * its own `pages` function (first-page/pages-instance.ts); this checkout's build, and a baseline beside
 * it in the same run when one is named (first-page/builds.ts):
 *
 *   BENCH_BASELINE_REF=HEAD~1 npm run bench:first-page     builds that commit's web app and pages function
 *                                                          in a temporary folder, then measures both
 *   BENCH_BASELINE_DIR=<a built checkout> npm run bench:first-page
 *
 * Per route, for each build:
 * 1. Lighthouse (first-page/lighthouse.ts: its mobile phone, slow 4G, CPU 4× slower), BENCH_RUNS runs
 *    (default 5), alternating the builds so that whatever else the machine does weighs on both alike:
 *    the median run's scores, LCP, total blocking time, the lowest run's performance, and the
 *    JavaScript loaded before a tap (Lighthouse never taps).
 * 2. The first tap on each visitor's control (first-page/controls.ts, measured by first-page/first-tap.ts
 *    in Chromium with the CPU 4× slower): its INP (Event Timing), the worst interaction while typing
 *    after it, how long until the answer is on screen, and the JavaScript the tap loads; the median of
 *    BENCH_TAP_RUNS runs (default 3). With six programs shared on the site, then with 200.
 * 3. The /programs HTML per card (uncompressed and gzip), with six programs and with 200.
 * Also whether /robots.txt is a text file.
 *
 * BENCH_REPORT_DIR: a folder to keep each Lighthouse report in (JSON: its long tasks, script boot-up
 * times and main-thread breakdown show where the blocking time goes). CHROMIUM_PATH: the browser.
 */
import "../lib/require-node-major"; // first: stops at once on a Node of another major
import type { Server } from "node:http";
import { gzipSync } from "node:zlib";
import { routePath } from "../../testing/http";
import { HOST } from "../../testing/suite-config";
import { baselineBuild, currentBuild, hasPagesFunction, type Build } from "./first-page/builds";
import { controlsFor } from "./first-page/controls";
import { controlKey, firstTap, launchPhoneBrowser, type TapMeasure } from "./first-page/first-tap";
import { serveBuild } from "./first-page/host";
import { lighthouseOnce } from "./first-page/lighthouse";
import { startPagesInstance, type PagesInstance } from "./first-page/pages-instance";
import { printReport, type BuildFigures } from "./first-page/report";
import { seedPrograms, type Seeded } from "./first-page/seed";

const SUITE_URL = process.env.APP_URL ?? `http://${HOST}:5000`;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const TAP_RUNS = Math.max(1, Number(process.env.BENCH_TAP_RUNS ?? 3));
const ROUTES = ["/", "/programs"] as const;
/** A young community's programs, and a real community's (issue 32). */
const SEEDS = [6, 200] as const;
/** Where each build is served (ports the suite does not use): this build's first, then the baseline's. */
const HOST_PORTS = [5003, 5002];
const PAGES_PORTS = [8191, 8192];

/** A build being served, with what was measured of it. */
interface Served {
  build: Build;
  origin: string;
  server: Server;
  pages: PagesInstance | undefined;
  figures: BuildFigures;
}

async function serve(build: Build, slot: number): Promise<Served> {
  const pages = hasPagesFunction(build) ? await startPagesInstance(build.root, PAGES_PORTS[slot]!) : undefined;
  const server = await serveBuild(build.root, HOST_PORTS[slot]!, pages?.origin, SUITE_URL);
  return {
    build,
    origin: `http://${HOST}:${String(HOST_PORTS[slot])}`,
    server,
    pages,
    figures: { label: build.label, lighthouse: new Map(), taps: new Map(), html: new Map() },
  };
}

async function close(served: Served) {
  await new Promise((done) => served.server.close(done));
  await served.pages?.stop();
}

/** A first request to every address the pages use: a cold start is not the page's doing. */
async function warm(all: Served[]) {
  for (const { origin } of all) {
    for (const address of [routePath("listPublicPrograms"), routePath("getCommunity"), ...ROUTES])
      await fetch(`${origin}${address}`).then((r) => r.text());
  }
}

async function robotsLine(origin: string): Promise<string> {
  const robots = await fetch(`${origin}/robots.txt`);
  const type = robots.headers.get("content-type") ?? "";
  const isRobots = /^\s*user-agent:/im.test(await robots.text());
  return `/robots.txt: ${String(robots.status)} ${type}${isRobots ? ", a robots file" : ", NOT a robots file"}`;
}

async function lighthouseRuns(all: Served[]) {
  for (const route of ROUTES) {
    for (let i = 0; i < RUNS; i++) {
      for (const s of all) {
        const runs = s.figures.lighthouse.get(route) ?? [];
        runs.push(await lighthouseOnce(`${s.origin}${route}`));
        s.figures.lighthouse.set(route, runs);
      }
    }
  }
}

/** Every control's first tap, TAP_RUNS times, alternating the builds. `/` shows no programs: measured at the first seed only. */
async function firstTaps(all: Served[], programs: Seeded, seed: number, first: boolean) {
  const browser = await launchPhoneBrowser();
  try {
    for (const control of controlsFor(programs)) {
      if (!first && control.route !== "/programs") continue;
      for (let i = 0; i < TAP_RUNS; i++) {
        for (const s of all) {
          const bySeed = s.figures.taps.get(seed) ?? new Map<string, TapMeasure[]>();
          s.figures.taps.set(seed, bySeed);
          const runs = bySeed.get(controlKey(control)) ?? [];
          bySeed.set(controlKey(control), runs);
          try {
            runs.push(await firstTap(browser, `${s.origin}${control.route}`, control));
          } catch (error) {
            console.error(`[bench] ${s.build.label}, ${controlKey(control)}, ${String(seed)} programs: not measured (${String(error)})`);
          }
        }
      }
    }
  } finally {
    await browser.close();
  }
}

/** The /programs page as its pages function renders it (the cards are the programs shared: all open). */
async function htmlSizes(all: Served[], cards: number) {
  for (const s of all) {
    const html = Buffer.from(await (await fetch(`${s.origin}/programs`)).arrayBuffer());
    s.figures.html.set(cards, { cards, bytes: html.length, gzipBytes: gzipSync(html).length });
  }
}

async function main() {
  const builds = [currentBuild(), baselineBuild()].filter((build): build is Build => build !== undefined);
  const all: Served[] = [];
  try {
    for (const [slot, build] of builds.entries()) all.push(await serve(build, slot));
    for (const [n, seed] of SEEDS.entries()) {
      console.error(`[bench] ${String(seed)} programs shared on the site…`);
      const programs = await seedPrograms(seed);
      await warm(all);
      if (n === 0) {
        console.log(await robotsLine(all[0]!.origin));
        await lighthouseRuns(all);
      }
      await firstTaps(all, programs, seed, n === 0);
      await htmlSizes(all, seed);
    }
    console.log(
      `\nLighthouse: ${String(RUNS)} runs per route and build; first taps: median of ${String(TAP_RUNS)} runs, Chromium, CPU 4× slower.`,
    );
    printReport(
      ROUTES,
      controlsFor([]).map(({ route, name, typed }) => ({ route, name, typed })),
      all.map((s) => s.figures),
    );
  } finally {
    for (const s of all) await close(s);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
