/**
 * One Lighthouse run (12.8.2, its default: a mobile phone, simulated throttling, i.e. a slow 4G network
 * and a 4× slower CPU) against a page, in the system Chromium, headless, with a fresh profile. It never
 * touches the page: the JavaScript it counts is what a phone loads before the visitor's first tap.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import { chromiumPath, CHROMIUM_FLAGS } from "../../../testing/browser/chromium";
import { gzipBytes } from "./scripts-weight";

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  /** The page's own scripts, each's gzip size summed (as a production host serves them). */
  jsGzipBytes: number;
  scripts: number;
  failedAudits: string[];
}

/** BENCH_REPORT_DIR: a folder to keep each run's report in (its long tasks and script boot-up times). */
const REPORT_DIR = process.env.BENCH_REPORT_DIR;
let reportsSaved = 0;

export async function lighthouseOnce(url: string): Promise<LighthouseRun> {
  const { default: lighthouse } = await import("lighthouse");
  const chrome = await chromeLauncher.launch({ chromePath: await chromiumPath(), chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS] });
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

/** The median run by performance score (the slower LCP first among equals), as Lighthouse's docs advise. */
export function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

export const lowestPerformance = (runs: LighthouseRun[]) => Math.min(...runs.map((run) => run.performance));
